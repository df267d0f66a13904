import { data, Form, useNavigation } from "react-router";
import { cleanerMeta } from "~/components/cleaner/cleaner-meta";
import { Field, Input } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CALENDAR_FEED_TEXT } from "~/features/calendar-feed/calendar-feed-copy";
import {
  getCalendarFeedCreatedAt,
  renewCalendarFeed,
} from "~/features/calendar-feed/calendar-feed.service.server";
import { CleanerAppNav } from "~/features/cleaner-app/components/cleaner-app-nav";
import {
  CLEANER_PRIVATE_HEADERS,
  requireCleaner,
} from "~/features/cleaner-app/cleaner-session.server";
import { formatDateTime } from "~/lib/format";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import type { Route } from "./+types/calendar";

// /cleaner/calendar: the cleaner's private calendar link, made or renewed here (renewing revokes
// the old one); shown once, since only its hash is kept
// (docs/decisions/0071-cleaner-earnings-and-calendar-feed.md).

export const meta: Route.MetaFunction = ({ matches }) =>
  cleanerMeta(matches, CALENDAR_FEED_TEXT.title);

export function headers() {
  return CLEANER_PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cleaner = await requireCleaner(request, context);
  return { createdAt: await getCalendarFeedCreatedAt(context.db, cleaner.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await guardPublicForm(request, context, SAME_SITE_FORM);
  const cleaner = await requireCleaner(request, context);
  const { path } = await renewCalendarFeed(context.db, cleaner.id);
  return data({ url: `${context.config.publicUrl}${path}` }, { headers: CLEANER_PRIVATE_HEADERS });
}

export default function CleanerCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const hasLink = Boolean(loaderData.createdAt || actionData);
  return (
    <Container narrow className="py-8 sm:py-12">
      <CleanerAppNav />
      <h1 className="font-display text-3xl leading-tight font-medium sm:text-4xl">
        {CALENDAR_FEED_TEXT.title}
      </h1>
      <p className="mt-3 text-ink-soft">{CALENDAR_FEED_TEXT.intro}</p>
      {actionData ? (
        <div role="status" className="mt-6 rounded-lg border border-line bg-white p-4">
          <Field
            label={CALENDAR_FEED_TEXT.linkLabel}
            hint={CALENDAR_FEED_TEXT.linkHint}
            id="feed-url"
          >
            {(control) => (
              <Input {...control} readOnly value={actionData.url} className="font-mono text-sm" />
            )}
          </Field>
        </div>
      ) : (
        <p className="mt-6">
          {loaderData.createdAt
            ? CALENDAR_FEED_TEXT.since(formatDateTime(loaderData.createdAt))
            : CALENDAR_FEED_TEXT.none}
        </p>
      )}
      <Form method="post" className="mt-6">
        <button
          type="submit"
          className={buttonClasses(hasLink ? "outline" : "ink", "px-5")}
          disabled={busy}
        >
          {busy
            ? CALENDAR_FEED_TEXT.working
            : hasLink
              ? CALENDAR_FEED_TEXT.renew
              : CALENDAR_FEED_TEXT.make}
        </button>
        {hasLink && <p className="mt-2 text-sm text-ink-soft">{CALENDAR_FEED_TEXT.renewHint}</p>}
      </Form>
    </Container>
  );
}
