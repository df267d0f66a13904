import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "./empty-state";
import { ErrorState } from "./error-state";
import { sortHref, type Sort } from "./keyset";

export type PageLink = { href: string; label: string };

export type Column<Row, Key extends string = string> = {
  /** The column's key; a sortable column's key is its ?sort= value. */
  key: Key;
  header: string;
  cell: (row: Row) => React.ReactNode;
  sortable?: boolean;
  /** Classes for the column's cells (alignment, widths). */
  className?: string;
};

// Under 640 px each row is a card and each cell carries its column's name beside it, so no
// column sits off-screen at phone width; from 640 px it is the same table as ever. One table in
// the page (restyled, not a second copy) keeps each control and id once, and the name is CSS
// generated content, which screen readers read but a cell's text does not include. A column
// its table hides at narrow widths (`hidden md:table-cell`) stays hidden in the cards too.
const CARD_TABLE = "max-sm:block";
const CARD_ROW =
  "max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-line max-sm:bg-white max-sm:p-4 max-sm:dark:border-ivory/10 max-sm:dark:bg-ink-raised";
const CARD_CELL =
  "max-sm:[&:not(.hidden)]:grid max-sm:w-auto max-sm:text-left max-sm:min-w-0 max-sm:grid-cols-[7rem_minmax(0,1fr)] max-sm:items-baseline max-sm:gap-3 max-sm:px-0 max-sm:py-1.5";
const CARD_LABEL =
  "max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-muted max-sm:before:uppercase max-sm:before:content-[attr(data-label)] max-sm:dark:before:text-mist";

type Props<Row, Key extends string> = {
  /** The table's name, read by screen readers and shown as its caption. */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row, Key>[];
  /** The current URL's search params: sorting and paging keep the filters in them. */
  params: URLSearchParams;
  sort?: Sort<Key>;
  /** Keyset paging: links to the pages either side (build them with keyset's pageHref). */
  pages?: { previous?: PageLink; next?: PageLink };
  loading?: boolean;
  error?: string | null;
  empty: { title: string; children?: React.ReactNode };
  /** Narrower cell padding, for a table of many columns that should fit a laptop's width */
  compact?: boolean;
};

const LINK =
  "inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 dark:text-gold";

/**
 * A table of rows for the admin, generic over its rows. Sorting and paging are links that
 * change the URL, so they work before JavaScript loads and the back button walks them.
 */
export function DataTable<Row, Key extends string>({
  caption,
  rows,
  rowKey,
  columns,
  params,
  sort,
  pages,
  loading = false,
  error,
  empty,
  compact = false,
}: Props<Row, Key>) {
  const cellX = compact ? "px-3" : "px-4";
  if (error) return <ErrorState title={error} />;
  if (rows.length === 0 && !pages?.previous) return <EmptyState {...empty} />;
  return (
    <div>
      {sort && <PhoneSortLinks columns={columns} params={params} sort={sort} />}
      {/* A wide table scrolls inside its own box, which keyboard users can focus to scroll. */}
      <div
        role="region"
        aria-label={caption}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus (WCAG 2.1.1)
        tabIndex={0}
        className={`overflow-x-auto sm:rounded-lg sm:border sm:border-line sm:bg-white sm:dark:border-ivory/10 sm:dark:bg-ink-raised ${loading ? "opacity-60" : ""}`}
        aria-busy={loading || undefined}
      >
        <table className={`w-full border-collapse text-left text-sm ${CARD_TABLE}`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="max-sm:hidden border-b border-line text-xs tracking-wide text-muted uppercase dark:border-ivory/10 dark:text-mist">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={ariaSort(column, sort)}
                  className={`${cellX} py-2 font-semibold ${column.className ?? ""}`}
                >
                  {column.sortable && sort ? (
                    <SortLink column={column} params={params} sort={sort} />
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-line max-sm:block max-sm:space-y-3 sm:divide-y dark:divide-ivory/10">
            {rows.map((row) => (
              <tr key={rowKey(row)} className={`align-top ${CARD_ROW}`}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    data-label={column.header}
                    className={`${cellX} py-3 ${column.className ?? ""} ${CARD_CELL} ${CARD_LABEL}`}
                  >
                    <div className="min-w-0 sm:contents">{column.cell(row)}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages && <PageLinks pages={pages} />}
    </div>
  );
}

function PageLinks({ pages }: { pages: { previous?: PageLink; next?: PageLink } }) {
  if (!pages.previous && !pages.next) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap gap-4 text-sm">
      {pages.previous && (
        <Link to={pages.previous.href} className={LINK}>
          {pages.previous.label}
        </Link>
      )}
      {pages.next && (
        <Link to={pages.next.href} className={LINK}>
          {pages.next.label}
        </Link>
      )}
    </nav>
  );
}

function SortLink<Key extends string>({
  column,
  params,
  sort,
  sayState = false,
}: {
  column: { key: Key; header: string };
  params: URLSearchParams;
  sort: Sort<Key>;
  /** Says which way it sorts now, where no header's aria-sort says it. */
  sayState?: boolean;
}) {
  const active = sort.column === column.key;
  return (
    <Link
      to={sortHref(params, column.key, sort)}
      aria-label={
        sayState && active
          ? `${column.header}, sorted ${sort.direction === "asc" ? "ascending" : "descending"}`
          : undefined
      }
      className="inline-flex min-h-11 items-center gap-1 hover:text-ink dark:hover:text-ivory"
    >
      {column.header}
      <SortIcon active={active} direction={sort.direction} />
    </Link>
  );
}

/** Under 640 px the header row is gone with the cards, so its sort links sit above them. */
function PhoneSortLinks<Row, Key extends string>({
  columns,
  params,
  sort,
}: {
  columns: readonly Column<Row, Key>[];
  params: URLSearchParams;
  sort: Sort<Key>;
}) {
  const sortable = columns.filter((column) => column.sortable);
  if (sortable.length === 0) return null;
  return (
    <nav
      aria-label="Sort by"
      className="mb-3 flex flex-wrap items-center gap-x-4 text-xs font-semibold tracking-wide text-muted uppercase sm:hidden dark:text-mist"
    >
      <span aria-hidden="true">Sort by</span>
      {sortable.map((column) => (
        <SortLink key={column.key} column={column} params={params} sort={sort} sayState />
      ))}
    </nav>
  );
}

function ariaSort<Key extends string>(column: { key: Key; sortable?: boolean }, sort?: Sort<Key>) {
  if (!column.sortable || !sort) return undefined;
  if (sort.column !== column.key) return "none";
  return sort.direction === "asc" ? "ascending" : "descending";
}

function SortIcon({ active, direction }: { active: boolean; direction: "asc" | "desc" }) {
  const Icon = !active ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return <Icon aria-hidden="true" className="size-3.5" strokeWidth={2} />;
}
