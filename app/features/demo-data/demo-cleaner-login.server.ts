import type { Kysely } from "kysely";
import { issueSignInLinkFor } from "~/features/cleaner-app/cleaner-sign-in.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";

// The demo's cleaner (docs/decisions/0063-cleaner-app-sign-in.md): the first demo cleaner, who is
// always available, signs in to the cleaner's app with a link printed at start-up, made under
// the same single-use, 15-minute rules as an emailed one. Another can be asked for at
// /cleaner/sign-in with the same email; it lands in the data folder's mail.

export const DEMO_CLEANER_EMAIL = "sofia.martinez@example.com";

/** The start-up log's lines for the demo cleaner, or none when the seed has no such cleaner. */
export async function describeDemoCleanerLogin(
  db: Kysely<Database>,
  config: Pick<AppConfig, "publicUrl" | "RATE_LIMITS">,
) {
  const url = await issueSignInLinkFor({ db, config }, DEMO_CLEANER_EMAIL);
  if (!url) return [];
  return [
    `Demo cleaner login (${DEMO_CLEANER_EMAIL}), works once within 15 minutes: ${url}`,
    `(a new link: ${new URL("/cleaner/sign-in", config.publicUrl).toString()} with that email)`,
  ];
}
