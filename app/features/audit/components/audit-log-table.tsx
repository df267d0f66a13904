import { Link } from "react-router";
import { DataTable, type Column, type PageLink } from "~/components/kit/data-table";
import { AUDIT_TEXT, type AuditEntry } from "../audit-log";

const LINK = "font-semibold text-gold-deep underline underline-offset-4 break-words dark:text-gold";

/** The log as the kit's data table, one row per entry, newest first. Read only. */
export function AuditLogTable({
  entries,
  params,
  pages,
  filtered,
}: {
  entries: AuditEntry[];
  params: URLSearchParams;
  pages: { previous?: PageLink; next?: PageLink };
  filtered: boolean;
}) {
  const columns: Column<AuditEntry>[] = [
    {
      key: "when",
      header: "When",
      cell: (entry) => <time dateTime={entry.at.iso}>{entry.at.label}</time>,
      className: "whitespace-nowrap",
    },
    { key: "who", header: "Who", cell: (entry) => entry.who },
    {
      key: "action",
      header: "Action",
      cell: (entry) => <span className="font-semibold">{entry.actionLabel}</span>,
      className: "min-w-48",
    },
    {
      key: "subject",
      header: "What it touched",
      cell: (entry) =>
        entry.subject === null ? (
          <span className="text-muted dark:text-mist">—</span>
        ) : entry.subject.href ? (
          <Link to={entry.subject.href} className={LINK}>
            {entry.subject.label}
          </Link>
        ) : (
          <span className="break-words">{entry.subject.label}</span>
        ),
      className: "min-w-40",
    },
    {
      key: "details",
      header: "Details",
      cell: (entry) =>
        entry.details.length === 0 ? (
          <span className="text-muted dark:text-mist">—</span>
        ) : (
          <ul className="space-y-0.5">
            {entry.details.map((line, index) => (
              <li key={index} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        ),
      className: "min-w-56",
    },
  ];
  return (
    <DataTable
      caption={AUDIT_TEXT.caption}
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={columns}
      params={params}
      pages={pages}
      empty={{ title: filtered ? AUDIT_TEXT.emptyFiltered : AUDIT_TEXT.empty }}
    />
  );
}
