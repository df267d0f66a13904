import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { committedAssets } from "./project-root.server";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const flag = z.enum(["on", "off"]);

// Every setting the app reads from its environment, validated once at start.
export const EnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  // React, React Router and Express run their slow development code paths unless this is
  // "production"; a real deployment must not (checked below, beside APP_ENV).
  NODE_ENV: optionalText,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("data"),
  DATABASE_URL: optionalText,
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  DATA_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 bytes in base64 (openssl rand -base64 32)")
      .optional(),
  ),
  // Whose X-Forwarded-For to believe (docs/configuration.md): off; on, a proxy on
  // this machine; a list of the proxies' addresses or CIDRs; or a hop count, which believes any
  // client and is safe only when nothing but the proxy can reach this server.
  TRUST_PROXY: z
    .string()
    .trim()
    .default("off")
    .refine(
      (value) => parseTrustProxy(value) !== undefined,
      "must be off, on, a number of hops, or a comma-separated list of addresses or CIDRs",
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMITS: flag.default("on"),
  // docs/decisions/0026-abuse-protection.md: what every public form together may take from one
  // address. The browser tests raise them: their whole suite comes from one address.
  PUBLIC_FORMS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  PUBLIC_FORMS_PER_DAY: z.coerce.number().int().min(1).default(100),
  // on lets webhooks go to loopback, link-local and private addresses (a local automation host,
  // the tests' fake one); off refuses them, so a webhook cannot reach into the private network.
  WEBHOOK_PRIVATE_TARGETS: flag.default("off"),
  // How long a client may take to send a whole request: room for a 12 MB photo on a slow uplink
  // (about 100 KB/s), and no longer, so a slow-sending client cannot hold a connection for minutes.
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(120),
  // How long the outbox worker's claim on a message holds. A process killed mid-delivery leaves
  // its claims to run out before anyone sends those messages again; longer than one try's 10 s
  // timeout, so a slow try is never sent twice by a second worker while it is still running.
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(15).max(3600).default(60),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText,
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  PAYMENTS_MODE: z.enum(["test", "stripe", "off"]).optional(),
  WEBHOOK_PRODUCTION_URL: optionalUrl,
  WEBHOOK_TEST_URL: optionalUrl,
  WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, "must be whsec_ followed by base64")
      .optional(),
  ),
  ANALYTICS_TAG_ID: optionalText,
  // Keys for servers that call the JSON API (Authorization: Bearer …); each at least 32 characters.
  API_KEYS: optionalText.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(32, "each key must be at least 32 characters")))
      .optional(),
  ),
  // Overrides of the files committed under assets/ (demoPhotosDir and suburbsCsv below).
  DEMO_PHOTOS_DIR: optionalText,
  SUBURBS_CSV: optionalText,
  // Tests only: scrypt's N as a power of two, so the suites do not spend most of their time
  // hashing passwords. Refused outside APP_ENV=test: production hashes at the full cost.
  SCRYPT_LOG2_N: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(4).max(15).optional(),
  ),
  // docs/decisions/0036-object-storage.md: uploads and image variants in an S3-compatible bucket
  // instead of the data folder, so several app machines share them. All or nothing: see s3Settings.
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.default("off"),
  // docs/decisions/0076-sms-beside-email.md: texts through Twilio's REST API. All three or none;
  // TWILIO_API_URL points at another host (the tests' fake Twilio).
  TWILIO_ACCOUNT_SID: optionalText.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, "must be AC followed by 32 hexadecimal characters")
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText.pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "must be a number in international form, like +61412345678")
      .optional(),
  ),
  TWILIO_API_URL: optionalUrl,
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * TRUST_PROXY as Express's "trust proxy" setting: false (the socket's address is the client's),
 * a hop count, or the addresses whose forwarded headers are believed. "on" trusts only a proxy
 * on this machine, so a client that reaches the server directly cannot name its own address.
 * Undefined when the value is none of these.
 */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const text = value.trim().toLowerCase();
  if (text === "" || text === "off") return false;
  if (text === "on") return ["loopback"];
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string) {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Where S3 storage is and how to sign in to it; the secret never leaves the process. */
export type S3Settings = {
  bucket: string;
  /** Unset for AWS itself; the URL of the service for any other S3-compatible store. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export type AppConfig = Env & {
  isProduction: boolean;
  /** TRUST_PROXY for Express (parseTrustProxy). */
  trustProxy: false | number | string[];
  dataDir: string;
  databaseUrl: string;
  publicUrl: string;
  sessionSecret: string;
  dataEncryptionKey: string;
  paymentsMode: "test" | "stripe" | "off";
  /** API_KEYS as a list (empty when unset). */
  apiKeys: string[];
  /** Object storage in S3 when S3_BUCKET is set; null keeps files in the data folder. */
  s3: S3Settings | null;
  /** Twilio when TWILIO_* are set; null turns SMS off (docs/decisions/0076-sms-beside-email.md). */
  twilio: TwilioSettings | null;
  /** The demo seed's photos: DEMO_PHOTOS_DIR, else the committed assets/demo-photos. */
  demoPhotosDir: string;
  /** The suburbs list loaded at start: SUBURBS_CSV, else the committed assets/nsw-suburbs CSV. */
  suburbsCsv: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and checks the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const isProduction = values.APP_ENV === "production";
  const dataDir = path.resolve(values.DATA_DIR);

  let { SESSION_SECRET: sessionSecret, DATA_ENCRYPTION_KEY: dataEncryptionKey } = values;
  if (isProduction && values.NODE_ENV !== "production") {
    throw new ConfigError(
      "Invalid environment configuration:\n  NODE_ENV: must be production when APP_ENV=production",
    );
  }
  if (isProduction) {
    const missing = [
      !sessionSecret && "SESSION_SECRET",
      !dataEncryptionKey && "DATA_ENCRYPTION_KEY",
    ].filter((name) => name !== false);
    if (missing.length > 0) {
      throw requiredWhen(missing, "APP_ENV=production");
    }
  } else {
    const generated = readOrCreateLocalSecrets(dataDir);
    sessionSecret ??= generated.SESSION_SECRET;
    dataEncryptionKey ??= generated.DATA_ENCRYPTION_KEY;
  }

  const paymentsMode =
    values.PAYMENTS_MODE ?? (values.STRIPE_SECRET_KEY ? "stripe" : isProduction ? "off" : "test");
  if (paymentsMode === "test" && isProduction) {
    throw new ConfigError(
      "Invalid environment configuration:\n  PAYMENTS_MODE: the test provider is not allowed when APP_ENV=production",
    );
  }
  // Stripe Checkout is confirmed only by its signed webhook (docs/decisions/0007-payments-through-a-provider.md): without the key no
  // session can be made, and without the signing secret no payment could ever be marked paid.
  if (paymentsMode === "stripe") {
    const missing = [
      !values.STRIPE_SECRET_KEY && "STRIPE_SECRET_KEY",
      !values.STRIPE_WEBHOOK_SECRET && "STRIPE_WEBHOOK_SECRET",
    ].filter((name) => name !== false);
    if (missing.length > 0) {
      throw requiredWhen(missing, "payments go through Stripe");
    }
  }

  if (values.SCRYPT_LOG2_N !== undefined && values.APP_ENV !== "test") {
    throw new ConfigError(
      `Invalid environment configuration:\n  SCRYPT_LOG2_N: is only allowed when APP_ENV=test (APP_ENV is ${values.APP_ENV})`,
    );
  }

  const s3 = s3Settings(values);
  const twilio = twilioSettings(values);
  const committed = committedAssets();

  return {
    ...values,
    isProduction,
    trustProxy: parseTrustProxy(values.TRUST_PROXY)!,
    dataDir,
    databaseUrl: values.DATABASE_URL ?? path.join(dataDir, "app.db"),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    sessionSecret: sessionSecret!,
    dataEncryptionKey: dataEncryptionKey!,
    paymentsMode,
    apiKeys: values.API_KEYS ?? [],
    s3,
    twilio,
    demoPhotosDir: values.DEMO_PHOTOS_DIR
      ? path.resolve(values.DEMO_PHOTOS_DIR)
      : committed.demoPhotosDir,
    suburbsCsv: values.SUBURBS_CSV ? path.resolve(values.SUBURBS_CSV) : committed.suburbsCsv,
  };
}

/** The refusal naming each variable a setting needs (names only, never values). */
function requiredWhen(names: readonly string[], when: string) {
  return new ConfigError(
    `Invalid environment configuration:\n${names.map((name) => `  ${name}: is required when ${when}`).join("\n")}`,
  );
}

const S3_NEEDS = ["S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_OPTIONAL = ["S3_ENDPOINT"] as const;

/**
 * The S3 settings, or null when none is given. Half a configuration is refused at start (naming
 * the variables, never their values), so a deployment cannot quietly keep its uploads on one
 * machine's disk while the operator believes they are in the bucket.
 */
function s3Settings(values: Env): S3Settings | null {
  const given = [...S3_NEEDS, ...S3_OPTIONAL].filter((name) => values[name] !== undefined);
  if (!values.S3_BUCKET) {
    if (given.length === 0 && values.S3_FORCE_PATH_STYLE === "off") return null;
    const named = values.S3_FORCE_PATH_STYLE === "on" ? [...given, "S3_FORCE_PATH_STYLE"] : given;
    throw requiredWhen(
      ["S3_BUCKET"],
      `${named.join(", ")} ${named.length === 1 ? "is" : "are"} set`,
    );
  }
  const missing = S3_NEEDS.filter((name) => values[name] === undefined);
  if (missing.length > 0) {
    throw requiredWhen(missing, "S3_BUCKET is set");
  }
  return {
    bucket: values.S3_BUCKET,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION!,
    accessKeyId: values.S3_ACCESS_KEY_ID!,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: values.S3_FORCE_PATH_STYLE === "on",
  };
}

/** Where texts go and as whom; the auth token never leaves the process. */
export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  from: string;
  /** Twilio's API, or TWILIO_API_URL */
  apiUrl: string;
};

const TWILIO_NEEDS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

/** Twilio's settings, or null when none is given; half of them is refused at start, as for S3. */
function twilioSettings(values: Env): TwilioSettings | null {
  const missing = TWILIO_NEEDS.filter((name) => values[name] === undefined);
  if (missing.length === TWILIO_NEEDS.length) return null;
  if (missing.length > 0) throw requiredWhen(missing, "any TWILIO_* setting is set");
  return {
    accountSid: values.TWILIO_ACCOUNT_SID!,
    authToken: values.TWILIO_AUTH_TOKEN!,
    from: values.TWILIO_FROM!,
    apiUrl: (values.TWILIO_API_URL ?? "https://api.twilio.com").replace(/\/$/, ""),
  };
}

type LocalSecrets = { SESSION_SECRET: string; DATA_ENCRYPTION_KEY: string };

// Outside production a developer should not have to invent secrets: they are generated once
// into the data folder (never committed) and reused, so sessions and encrypted fields survive restarts.
function readOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as LocalSecrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: LocalSecrets = {
    SESSION_SECRET: randomBytes(32).toString("hex"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
