import type { Kysely } from "kysely";
import { bumpContentVersion, readContentVersion } from "~/server/content-version.repository.server";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { privateTargetReason } from "~/server/private-address.server";
import {
  SavedStringSchema,
  WEBHOOK_PRODUCTION_URL_SETTING,
  WEBHOOK_TEST_URL_SETTING,
} from "./setting-keys";
import {
  BusinessProfileSchema,
  StoredBusinessProfileSchema,
  DEFAULT_BUSINESS_PROFILE,
  type BusinessProfile,
} from "./business-profile";
import {
  findSetting,
  findSettingValues,
  findSettingValue,
  upsertSetting,
} from "./settings.repository.server";
import {
  DEFAULT_NOTIFICATIONS,
  IntegrationsFormSchema,
  SETTINGS_TEXT,
  StoredNotificationSettingsSchema,
  type IntegrationSettings,
  type NotificationSettings,
  type ResolvedSetting,
  type SecretStatus,
} from "./settings.schema";

const BUSINESS_PROFILE = "business_profile";

type CachedProfile = { version: number; profile: Promise<BusinessProfile> };

// One per database handle (a process has one; a test may open two to play two processes).
const profiles = new WeakMap<Kysely<Database>, CachedProfile>();

/**
 * The business profile in force. Every writer of it bumps the content version in its own
 * transaction, so it is kept in the process under that version, read on each call (one
 * primary-key lookup, as the public pages' cache does: docs/decisions/0035-cacheable-public-pages.md),
 * and read again once the version moves: an edit made through any process shows everywhere on
 * the next call. The version is read before the profile, so a profile kept under a version is
 * never older than it. Inside a transaction it is read from the table, which sees the
 * transaction's own writes. Fields missing from an older saved profile fall back to the defaults.
 */
export async function getBusinessProfile(db: Kysely<Database>): Promise<BusinessProfile> {
  if (db.isTransaction) return readBusinessProfile(db);
  const version = await readContentVersion(db);
  const cached = profiles.get(db);
  if (cached && cached.version === version) return cached.profile;
  const profile = readBusinessProfile(db);
  // Concurrent calls that see the same new version share one read.
  profiles.set(db, { version, profile });
  profile.catch(() => {
    if (profiles.get(db)?.profile === profile) profiles.delete(db);
  });
  return profile;
}

async function readBusinessProfile(db: Kysely<Database>): Promise<BusinessProfile> {
  const saved = await findSettingValue(db, BUSINESS_PROFILE, StoredBusinessProfileSchema);
  if (!saved) return DEFAULT_BUSINESS_PROFILE;
  const parsed = BusinessProfileSchema.safeParse({ ...DEFAULT_BUSINESS_PROFILE, ...saved });
  return parsed.success ? parsed.data : DEFAULT_BUSINESS_PROFILE;
}

export async function saveBusinessProfile(
  db: Kysely<Database>,
  profile: BusinessProfile,
  updatedBy: string | null,
) {
  const valid = BusinessProfileSchema.parse(profile);
  await db.transaction().execute(async (trx) => {
    await upsertSetting(trx, {
      key: BUSINESS_PROFILE,
      value: JSON.stringify(valid),
      updated_at: new Date().toISOString(),
      updated_by: updatedBy,
    });
    await bumpContentVersion(trx);
  });
}

/** Writes the default profile on first start, so the settings screen has a row to edit. */
export async function ensureBusinessProfile(db: Kysely<Database>) {
  if (await findSetting(db, BUSINESS_PROFILE)) return;
  await saveBusinessProfile(db, DEFAULT_BUSINESS_PROFILE, null);
}

// --- Staff edits from /admin/settings: each saved with an audit_log entry in one transaction. ---

export type SettingsActor = { staffId: string; ip: string | null };

type AuditAction =
  | "settings.business_profile_updated"
  | "settings.notifications_updated"
  | "settings.integrations_updated";

async function audit(
  db: Kysely<Database>,
  actor: SettingsActor,
  action: AuditAction,
  changed: string[],
  at: string,
) {
  // Field names only: the values are on the screen, and a webhook URL may carry a token.
  await insertAuditEntry(db, {
    id: newId(),
    actor_type: "staff",
    actor_id: actor.staffId,
    action,
    subject_type: "settings",
    details: JSON.stringify({ changed }),
    ip: actor.ip || null,
    created_at: at,
  });
}

function changedKeys<T extends Record<string, unknown>>(before: T, after: T) {
  return Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** Saves the profile staff edited; returns the names of the fields that changed. */
export async function updateBusinessProfile(
  db: Kysely<Database>,
  profile: BusinessProfile,
  actor: SettingsActor,
  now = new Date(),
) {
  const valid = BusinessProfileSchema.parse(profile);
  return db.transaction().execute(async (trx) => {
    const changed = changedKeys(await getBusinessProfile(trx), valid);
    await upsertSetting(trx, {
      key: BUSINESS_PROFILE,
      value: JSON.stringify(valid),
      updated_at: now.toISOString(),
      updated_by: actor.staffId,
    });
    if (changed.length > 0) {
      await audit(trx, actor, "settings.business_profile_updated", changed, now.toISOString());
      // The public pages show the profile from a cache keyed by this version.
      await bumpContentVersion(trx, now);
    }
    return changed;
  });
}

const NOTIFICATIONS = "notifications";

/** docs/decisions/0024-notification-toggles.md: whether staff emails (new leads, bookings, applications) and SMS go out. */
export async function getNotificationSettings(db: Kysely<Database>): Promise<NotificationSettings> {
  return (
    (await findSettingValue(db, NOTIFICATIONS, StoredNotificationSettingsSchema)) ??
    DEFAULT_NOTIFICATIONS
  );
}

/**
 * docs/decisions/0024-notification-toggles.md, docs/decisions/0076-sms-beside-email.md: SMS goes
 * through Twilio once the TWILIO_* settings exist; without them it cannot be turned on, and the
 * screen says why.
 */
export function smsAvailability(config?: Pick<AppConfig, "twilio">): {
  available: boolean;
  reason: string | null;
} {
  return config?.twilio
    ? { available: true, reason: null }
    : { available: false, reason: SETTINGS_TEXT.smsUnavailable };
}

export async function updateNotificationSettings(
  db: Kysely<Database>,
  settings: NotificationSettings,
  actor: SettingsActor,
  now = new Date(),
  config?: Pick<AppConfig, "twilio">,
) {
  const valid = { email: settings.email, sms: settings.sms && smsAvailability(config).available };
  return db.transaction().execute(async (trx) => {
    const changed = changedKeys(await getNotificationSettings(trx), valid);
    await upsertSetting(trx, {
      key: NOTIFICATIONS,
      value: JSON.stringify(valid),
      updated_at: now.toISOString(),
      updated_by: actor.staffId,
    });
    if (changed.length > 0) {
      await audit(trx, actor, "settings.notifications_updated", changed, now.toISOString());
    }
    return changed;
  });
}

export const ANALYTICS_TAG_ID_SETTING = "analytics_tag_id";

/** Each setting staff may override, its settings key and the environment variable it overrides. */
const INTEGRATION_KEYS = {
  webhookProductionUrl: { key: WEBHOOK_PRODUCTION_URL_SETTING, env: "WEBHOOK_PRODUCTION_URL" },
  webhookTestUrl: { key: WEBHOOK_TEST_URL_SETTING, env: "WEBHOOK_TEST_URL" },
  analyticsTagId: { key: ANALYTICS_TAG_ID_SETTING, env: "ANALYTICS_TAG_ID" },
} as const satisfies Record<keyof IntegrationSettings, { key: string; env: keyof AppConfig }>;

type IntegrationField = keyof typeof INTEGRATION_KEYS;
type IntegrationConfig = Pick<AppConfig, (typeof INTEGRATION_KEYS)[IntegrationField]["env"]>;

/** A value saved here wins; a blank one falls back to the environment (as the worker reads it). */
export function resolveSetting(saved: string | null, environment: string | undefined) {
  const own = saved?.trim() || null;
  const env = environment?.trim() || null;
  return {
    inForce: own ?? env,
    source: own ? "saved" : env ? "environment" : "unset",
    saved: own,
    fromEnvironment: env,
  } satisfies ResolvedSetting;
}

/** The webhook URLs and analytics tag in force, and where each comes from. */
export async function getIntegrationSettings(
  db: Kysely<Database>,
  config: IntegrationConfig,
): Promise<Record<IntegrationField, ResolvedSetting>> {
  const saved = await findSettingValues(
    db,
    Object.values(INTEGRATION_KEYS).map((entry) => entry.key),
    SavedStringSchema,
  );
  const resolve = (field: IntegrationField) => {
    const { key, env } = INTEGRATION_KEYS[field];
    return resolveSetting(saved.get(key) ?? null, config[env]);
  };
  return {
    webhookProductionUrl: resolve("webhookProductionUrl"),
    webhookTestUrl: resolve("webhookTestUrl"),
    analyticsTagId: resolve("analyticsTagId"),
  };
}

/** For the page head: the analytics tag in force, or null (then no third-party script loads). */
export async function getAnalyticsTagId(
  db: Kysely<Database>,
  config: Pick<AppConfig, "ANALYTICS_TAG_ID">,
) {
  const saved = await findSettingValue(db, ANALYTICS_TAG_ID_SETTING, SavedStringSchema);
  return resolveSetting(saved ?? null, config.ANALYTICS_TAG_ID).inForce;
}

/**
 * Saves what staff typed; a blank field hands the value back to the environment. The outbox
 * worker reads the webhook URLs at every delivery, so a change applies without a restart.
 */
/**
 * The webhook fields that point at this server or a private network, with the message to show
 * beside each; empty when WEBHOOK_PRIVATE_TARGETS=on. The worker checks again at every delivery.
 */
export async function privateWebhookTargets(
  input: Pick<IntegrationSettings, "webhookProductionUrl" | "webhookTestUrl">,
  config: Pick<AppConfig, "WEBHOOK_PRIVATE_TARGETS">,
) {
  const errors: Partial<Record<"webhookProductionUrl" | "webhookTestUrl", string>> = {};
  if (config.WEBHOOK_PRIVATE_TARGETS === "on") return errors;
  for (const field of ["webhookProductionUrl", "webhookTestUrl"] as const) {
    const url = input[field];
    const reason = url ? await privateTargetReason(url) : null;
    if (reason) errors[field] = reason;
  }
  return errors;
}

export async function updateIntegrationSettings(
  db: Kysely<Database>,
  input: IntegrationSettings,
  actor: SettingsActor,
  now = new Date(),
) {
  const valid = IntegrationsFormSchema.parse(input);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const fields = Object.keys(INTEGRATION_KEYS) as IntegrationField[];
    const saved = await findSettingValues(
      trx,
      fields.map((field) => INTEGRATION_KEYS[field].key),
      SavedStringSchema,
    );
    const changed: string[] = [];
    for (const field of fields) {
      const { key } = INTEGRATION_KEYS[field];
      const before = saved.get(key) ?? "";
      if (before === valid[field]) continue;
      changed.push(field);
      await upsertSetting(trx, {
        key,
        value: JSON.stringify(valid[field]),
        updated_at: at,
        updated_by: actor.staffId,
      });
    }
    if (changed.length > 0) {
      await audit(trx, actor, "settings.integrations_updated", changed, at);
      // The analytics tag is part of the public pages' cached content.
      await bumpContentVersion(trx, now);
    }
    return changed;
  });
}

/** Secrets stay in the environment; the screen only says whether each is set. */
const SECRETS = [
  { name: "WEBHOOK_SECRET", label: "Webhook signing secret" },
  { name: "STRIPE_SECRET_KEY", label: "Stripe secret key" },
  { name: "STRIPE_WEBHOOK_SECRET", label: "Stripe webhook signing secret" },
  { name: "SMTP_URL", label: "Mail server (SMTP)" },
] as const satisfies { name: keyof AppConfig; label: string }[];

export function secretStatuses(
  config: Pick<AppConfig, (typeof SECRETS)[number]["name"]>,
): SecretStatus[] {
  return SECRETS.map(({ name, label }) => ({ name, label, set: Boolean(config[name]) }));
}
