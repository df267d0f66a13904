import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import {
  BusinessProfileSchema,
  DEFAULT_BUSINESS_PROFILE,
  type BusinessProfile,
} from "./business-profile";
import { findSetting, upsertSetting } from "./settings.repository.server";

const BUSINESS_PROFILE = "business_profile";

/**
 * The business profile in force. Read per request (one indexed primary-key lookup), so an edit
 * made through any process shows everywhere at once. Fields missing from an older saved profile
 * fall back to the defaults.
 */
export async function getBusinessProfile(db: Kysely<Database>): Promise<BusinessProfile> {
  const row = await findSetting(db, BUSINESS_PROFILE);
  if (!row) return DEFAULT_BUSINESS_PROFILE;
  const parsed = BusinessProfileSchema.safeParse({
    ...DEFAULT_BUSINESS_PROFILE,
    ...(JSON.parse(row.value) as Partial<BusinessProfile>),
  });
  return parsed.success ? parsed.data : DEFAULT_BUSINESS_PROFILE;
}

export async function saveBusinessProfile(
  db: Kysely<Database>,
  profile: BusinessProfile,
  updatedBy: string | null,
) {
  const valid = BusinessProfileSchema.parse(profile);
  await upsertSetting(db, {
    key: BUSINESS_PROFILE,
    value: JSON.stringify(valid),
    updated_at: new Date().toISOString(),
    updated_by: updatedBy,
  });
}

/** Writes the default profile on first start, so the settings screen has a row to edit. */
export async function ensureBusinessProfile(db: Kysely<Database>) {
  if (await findSetting(db, BUSINESS_PROFILE)) return;
  await saveBusinessProfile(db, DEFAULT_BUSINESS_PROFILE, null);
}
