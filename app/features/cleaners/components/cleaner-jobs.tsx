import { DataTable, type Column } from "~/components/kit/data-table";
import { StatusBadge } from "~/components/kit/status-badge";
import type { CleanerJob } from "../cleaner-profile";
import { Section } from "./profile-sections";
import { formatShortDate, formatTimeSlot } from "~/lib/format";

// The cleaner's assignments and the jobs (leads) they belong to, newest first, read-only.

const ASSIGNMENT_LABELS: Record<CleanerJob["status"], string> = {
  pending: "Pending Response",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  cancelled: "Cancelled",
};

const QUOTE_LABELS: Record<CleanerJob["quoteStatus"], string> = {
  pending: "Pending",
  pending_quote: "Awaiting quote",
  pending_payment: "Awaiting payment",
  assigned: "Assigned",
  completed: "Completed",
  cancelled: "Cancelled",
};

const columns: Column<CleanerJob>[] = [
  {
    key: "date",
    header: "Date",
    cell: (job) => `${formatShortDate(job.date)}, ${formatTimeSlot(job.timeSlot)}`,
    className: "whitespace-nowrap",
  },
  { key: "client", header: "Client", cell: (job) => job.clientName },
  { key: "service", header: "Service", cell: (job) => job.service },
  {
    key: "assignment",
    header: "Assignment",
    cell: (job) => ASSIGNMENT_LABELS[job.status] ?? job.status,
  },
  {
    key: "job",
    header: "Job status",
    cell: (job) => (
      <StatusBadge
        kind="quote"
        status={job.quoteStatus}
        label={QUOTE_LABELS[job.quoteStatus] ?? job.quoteStatus}
      />
    ),
  },
];

export function CleanerJobs({ jobs }: { jobs: CleanerJob[] }) {
  return (
    <Section id="jobs" title="Assignments and jobs">
      <DataTable
        caption="Assignments and jobs"
        rows={jobs}
        rowKey={(job) => job.id}
        columns={columns}
        params={new URLSearchParams()}
        empty={{ title: "No assignments yet." }}
      />
    </Section>
  );
}
