// npm run admin:create: creates a staff account, or sets a new password on an existing one.
// On a terminal it asks for name, email and password (typed out of sight, asked twice); for
// scripts it reads ADMIN_NAME, ADMIN_EMAIL and ADMIN_PASSWORD from the environment instead.
import { Writable } from "node:stream";
import { createInterface } from "node:readline/promises";
import { ZodError } from "zod";
import { PASSWORD_MIN } from "~/features/auth/auth.schema";
import { saveStaffAccount } from "~/features/auth/staff-accounts.service.server";
import { ConfigError, loadConfig } from "~/server/config.server";
import { createOwnerOnlyFiles, secureDataFolder } from "~/server/data-folder.server";
import { createDatabase, migrateToLatest } from "~/server/db.server";

/**
 * One terminal session for every question. While a password is typed, the echo is swallowed,
 * so it never shows on screen (or in a terminal recording).
 */
function terminalPrompts() {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  rl.on("SIGINT", () => {
    process.stdout.write("\nCancelled; nothing was changed.\n");
    process.exit(130);
  });
  return {
    ask: async (question: string) => (await rl.question(question)).trim(),
    askHidden: async (question: string) => {
      process.stdout.write(question);
      muted = true;
      try {
        return await rl.question("");
      } finally {
        muted = false;
        process.stdout.write("\n");
      }
    },
    close: () => rl.close(),
  };
}

async function readInput() {
  const env = process.env;
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    return {
      name: env.ADMIN_NAME?.trim() || undefined,
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
    };
  }
  if (!process.stdin.isTTY) {
    throw new Error(
      "No terminal to ask on: set ADMIN_EMAIL and ADMIN_PASSWORD (and optionally ADMIN_NAME).",
    );
  }
  const prompts = terminalPrompts();
  try {
    const name = await prompts.ask("Name: ");
    const email = await prompts.ask("Email: ");
    const password = await prompts.askHidden(`Password (at least ${PASSWORD_MIN} characters): `);
    const again = await prompts.askHidden("Password again: ");
    if (password !== again) throw new Error("The two passwords differ; nothing was changed.");
    return { name, email, password };
  } finally {
    prompts.close();
  }
}

createOwnerOnlyFiles();
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
secureDataFolder(config.dataDir);

let input;
try {
  input = await readInput();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const database = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  const result = await saveStaffAccount(database.db, input);
  console.log(
    result.status === "created"
      ? "Staff account created. Sign in at /admin/login."
      : "Password updated; that account's sessions were signed out.",
  );
} catch (error) {
  if (error instanceof ZodError) {
    console.error(error.issues.map((issue) => issue.message).join("\n"));
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
