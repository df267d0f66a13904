import type { LeadSummary } from "../leads";

/** Post-construction and subscription requests wear a label, so they stand out from instant quotes. */
export function RequestTag({ lead }: { lead: Pick<LeadSummary, "requestLabel"> }) {
  if (!lead.requestLabel) return null;
  return (
    <span className="rounded-full border border-ink/40 px-2 py-0.5 text-xs font-semibold dark:border-ivory/40">
      {lead.requestLabel} request
    </span>
  );
}
