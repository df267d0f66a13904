import { calendarFeedFor } from "~/features/calendar-feed/calendar-feed.service.server";
import type { Route } from "./+types/cleaner-calendar-feed";

// /calendar/cleaner/<token>.ics: a cleaner's private calendar of accepted jobs, read by calendar
// apps without a session; the token is the key (docs/decisions/0071-cleaner-earnings-and-calendar-feed.md).
// An unknown or renewed-away token is a plain 404.

export async function loader({ params, context }: Route.LoaderArgs) {
  const token = /^([\w-]+)\.ics$/.exec(params.file ?? "")?.[1];
  const feed = token ? await calendarFeedFor(context.db, token) : null;
  if (feed === null) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
