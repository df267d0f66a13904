import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { StaffRole } from "~/features/auth/permissions";

// The demo's two back-office logins (development and demos only: a production start never
// seeds). Their passwords are random per data folder, kept beside the generated secrets in
// demo-logins.json (mode 0600), so a demo reachable from elsewhere has no published password.

export type DemoLogin = { role: StaffRole; email: string; name: string; password: string };

export const DEMO_ACCOUNTS: readonly Omit<DemoLogin, "password">[] = [
  { role: "owner", email: "demo.owner@example.com", name: "Demo Owner" },
  { role: "staff", email: "demo.staff@example.com", name: "Demo Staff" },
];

export const DEMO_LOGINS_FILE = "demo-logins.json";

/** The demo logins of this data folder, made (with new random passwords) the first time. */
export function readOrCreateDemoLogins(dataDir: string): DemoLogin[] {
  const file = path.join(dataDir, DEMO_LOGINS_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as DemoLogin[];
    if (DEMO_ACCOUNTS.every((account) => stored.some((login) => login.email === account.email))) {
      return DEMO_ACCOUNTS.map((account) => stored.find((login) => login.email === account.email)!);
    }
  }
  const logins = DEMO_ACCOUNTS.map((account) => ({
    ...account,
    // 18 random bytes: 24 characters, well past the 12-character minimum.
    password: randomBytes(18).toString("base64url"),
  }));
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(logins, null, 2), { mode: 0o600 });
  return logins;
}

/** One line per login, for the start-up log and `npm run db:seed`. */
export function describeDemoLogins(logins: DemoLogin[], dataDir: string) {
  return [
    ...logins.map((login) => `Demo ${login.role} login: ${login.email} / ${login.password}`),
    `(kept in ${path.join(dataDir, DEMO_LOGINS_FILE)}; delete the data folder to start over)`,
  ];
}
