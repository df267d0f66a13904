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
}: Props<Row, Key>) {
  if (error) return <ErrorState title={error} />;
  if (rows.length === 0 && !pages?.previous) return <EmptyState {...empty} />;
  return (
    <div>
      {/* A wide table scrolls inside its own box, which keyboard users can focus to scroll. */}
      <div
        role="region"
        aria-label={caption}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus (WCAG 2.1.1)
        tabIndex={0}
        className={`overflow-x-auto rounded-lg border border-line bg-white dark:border-ivory/10 dark:bg-ink-raised ${loading ? "opacity-60" : ""}`}
        aria-busy={loading || undefined}
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line text-xs tracking-wide text-muted uppercase dark:border-ivory/10 dark:text-mist">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={ariaSort(column, sort)}
                  className={`px-4 py-2 font-semibold ${column.className ?? ""}`}
                >
                  {column.sortable && sort ? (
                    <Link
                      to={sortHref(params, column.key, sort)}
                      className="inline-flex min-h-11 items-center gap-1 hover:text-ink dark:hover:text-ivory"
                    >
                      {column.header}
                      <SortIcon active={sort.column === column.key} direction={sort.direction} />
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line dark:divide-ivory/10">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top">
                {columns.map((column) => (
                  <td key={column.key} className={`px-4 py-3 ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages && (pages.previous || pages.next) && (
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
      )}
    </div>
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
