import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot, testServerEnv } from "../helpers/built-server";
import { serverDataDir } from "./server-database";

const run = promisify(execFile);

export type CreatedStaff = { email: string; password: string; name: string };

/**
 * A new back-office account (an owner), made the way the first one is: `npm run admin:create`
 * against the test server's database, so tests that change accounts never share one.
 */
export async function createStaff(label: string): Promise<CreatedStaff> {
  const staff = {
    email: `${label}-${randomBytes(4).toString("hex")}@example.com`,
    password: `pw-${randomBytes(9).toString("base64url")}`,
    name: `E2E ${label} ${randomBytes(2).toString("hex")}`,
  };
  await run(path.join(projectRoot, "node_modules", ".bin", "tsx"), ["scripts/admin-create.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...testServerEnv({
        DATA_DIR: serverDataDir(),
        ADMIN_EMAIL: staff.email,
        ADMIN_PASSWORD: staff.password,
        ADMIN_NAME: staff.name,
        LOG_LEVEL: "warn",
      }),
    },
  });
  return staff;
}
