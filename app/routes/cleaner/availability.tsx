import { cleanerMeta } from "~/components/cleaner/cleaner-meta";
import { Container } from "~/components/ui/container";
import { CleanerAppNav } from "~/features/cleaner-app/components/cleaner-app-nav";
import {
  CLEANER_PRIVATE_HEADERS,
  requireCleaner,
} from "~/features/cleaner-app/cleaner-session.server";
import { TimeOffPanel } from "~/features/time-off/components/time-off-panel";
import { WorkingPatternForm } from "~/features/time-off/components/working-pattern-form";
import { submitCleanerAvailability } from "~/features/time-off/time-off-actions.server";
import { TIME_OFF_TEXT } from "~/features/time-off/time-off-copy";
import { listCleanerTimeOff } from "~/features/time-off/time-off.service.server";
import { getWorkingPattern } from "~/features/time-off/working-pattern.service.server";
import { sydneyDate } from "~/lib/sydney-time";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import type { Route } from "./+types/availability";

// /cleaner/availability: the cleaner's working days and hours, and their time off
// (docs/decisions/0070-cleaner-time-off-and-working-pattern.md). Only their own.

export const meta: Route.MetaFunction = ({ matches }) => cleanerMeta(matches, TIME_OFF_TEXT.title);

export function headers() {
  return CLEANER_PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cleaner = await requireCleaner(request, context);
  const pattern = await getWorkingPattern(context.db, cleaner.id);
  if (!pattern) throw new Response(null, { status: 404 });
  const timeOff = await listCleanerTimeOff(context.db, cleaner.id);
  return { pattern, timeOff, today: sydneyDate(new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const cleaner = await requireCleaner(request, context);
  return submitCleanerAvailability(cleaner, form, context);
}

export default function CleanerAvailability({ loaderData, actionData }: Route.ComponentProps) {
  const errorsFor = (intent: string) =>
    actionData && !actionData.ok && actionData.intent === intent
      ? actionData.fieldErrors
      : undefined;
  return (
    <Container narrow className="py-8 sm:py-12">
      <CleanerAppNav />
      <h1 className="font-display text-3xl leading-tight font-medium sm:text-4xl">
        {TIME_OFF_TEXT.title}
      </h1>
      {actionData && (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-6 rounded-md border px-4 py-3 text-sm font-semibold ${
            actionData.ok
              ? "border-success/40 bg-success/5 text-success"
              : "border-danger/40 bg-danger/5 text-danger"
          }`}
        >
          {actionData.message}
        </p>
      )}
      <section aria-labelledby="pattern" className="mt-8">
        <h2 id="pattern" className="font-display text-2xl font-medium">
          {TIME_OFF_TEXT.patternHeading}
        </h2>
        <p className="mt-2 text-sm text-ink-soft">{TIME_OFF_TEXT.patternIntro}</p>
        <WorkingPatternForm pattern={loaderData.pattern} fieldErrors={errorsFor("pattern")} />
      </section>
      <section aria-labelledby="time-off" className="mt-10">
        <h2 id="time-off" className="font-display text-2xl font-medium">
          {TIME_OFF_TEXT.timeOffHeading}
        </h2>
        <p className="mt-2 text-sm text-ink-soft">{TIME_OFF_TEXT.timeOffIntro}</p>
        <TimeOffPanel
          entries={loaderData.timeOff}
          today={loaderData.today}
          fieldErrors={errorsFor("time-off")}
        />
      </section>
    </Container>
  );
}
