import { cleanerMeta } from "~/components/cleaner/cleaner-meta";
import { Container } from "~/components/ui/container";
import {
  CLEANER_PRIVATE_HEADERS,
  requireCleaner,
} from "~/features/cleaner-app/cleaner-session.server";
import { submitJobVisitStep } from "~/features/cleaner-app/job-visit-actions.server";
import { JobVisitPage } from "~/features/job-visits/components/job-visit-page";
import { loadJobVisit } from "~/features/job-visits/job-visit-view.service.server";
import type { Route } from "./+types/job";

// /cleaner/jobs/:assignmentId: one of the signed-in cleaner's accepted jobs, and its visit
// (docs/decisions/0068-job-visits.md). Anyone else's seat is not found.

export const meta: Route.MetaFunction = ({ matches }) => cleanerMeta(matches, "Your job");

export function headers() {
  return CLEANER_PRIVATE_HEADERS;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const cleaner = await requireCleaner(request, context);
  const visit = await loadJobVisit(context.db, cleaner.id, params.assignmentId, {
    ip: context.clientIp || null,
  });
  if (!visit) throw new Response(null, { status: 404, headers: CLEANER_PRIVATE_HEADERS });
  return visit;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return submitJobVisitStep(request, context, params.assignmentId);
}

export default function CleanerJob({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container narrow className="py-8 sm:py-12">
      <JobVisitPage visit={loaderData} answer={actionData} />
    </Container>
  );
}
