import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { Logger } from "~/server/logger.server";
import { recordAuthEvent } from "./auth-audit.server";
import { StaffAccountSchema, type StaffAccountInput } from "./auth.schema";
import { hashPassword } from "./password.server";
import { deleteSessionsOfUser } from "./sessions.repository.server";
import { countStaff, findStaffByEmail, insertStaff, updateStaff } from "./staff.repository.server";
import type { StaffTheme } from "./staff-theme";

const DEFAULT_NAME = "Administrator";

export type SaveStaffResult = { status: "created" | "updated"; id: string };

/**
 * Creates a staff account, or sets a new password (and name) on the account with that email.
 * A new password signs the account out everywhere. Throws a ZodError on invalid input.
 */
export async function saveStaffAccount(
  db: Kysely<Database>,
  input: StaffAccountInput,
  now = new Date(),
): Promise<SaveStaffResult> {
  const { name, email, password } = StaffAccountSchema.parse(input);
  const passwordHash = await hashPassword(password);
  const at = now.toISOString();
  const existing = await findStaffByEmail(db, email);
  if (existing) {
    await updateStaff(db, existing.id, {
      ...(name ? { name } : {}),
      password_hash: passwordHash,
      updated_at: at,
    });
    await deleteSessionsOfUser(db, "staff", existing.id);
    await recordAuthEvent(db, {
      action: "staff.password_changed",
      actorType: "system",
      subjectId: existing.id,
      now,
    });
    return { status: "updated", id: existing.id };
  }
  const id = newId();
  await insertStaff(db, {
    id,
    email,
    name: name ?? DEFAULT_NAME,
    password_hash: passwordHash,
    created_at: at,
    updated_at: at,
    // The accounts this makes (ADMIN_EMAIL at first start, admin:create) are the business's
    // own: owners. Staff accounts come from an owner's invitation.
    role: "owner",
  });
  await recordAuthEvent(db, {
    action: "staff.account_created",
    actorType: "system",
    subjectId: id,
    now,
  });
  return { status: "created", id };
}

/**
 * On server start (docs/decisions/0002-staff-accounts-and-sessions.md): when no staff account exists yet and ADMIN_EMAIL and ADMIN_PASSWORD are
 * set, the first account is made from them. Returns true when it made one.
 */
export async function ensureFirstStaffAccount(
  db: Kysely<Database>,
  config: Pick<AppConfig, "ADMIN_EMAIL" | "ADMIN_PASSWORD">,
  logger: Logger,
) {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return false;
  if ((await countStaff(db)) > 0) return false;
  const parsed = StaffAccountSchema.safeParse({
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (!parsed.success) {
    logger.error(
      { problems: parsed.error.issues.map((issue) => issue.message) },
      "ADMIN_EMAIL/ADMIN_PASSWORD cannot make the first staff account",
    );
    return false;
  }
  await saveStaffAccount(db, parsed.data);
  logger.info("first staff account created from ADMIN_EMAIL");
  return true;
}

export async function saveStaffTheme(db: Kysely<Database>, staffId: string, theme: StaffTheme) {
  await updateStaff(db, staffId, { theme, updated_at: new Date().toISOString() });
}
