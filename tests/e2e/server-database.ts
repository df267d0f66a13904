import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";

/** The end-to-end server's data folder (playwright.config.ts starts it with this DATA_DIR). */
export const serverDataDir = () => process.env.E2E_DATA_DIR!;

/**
 * The server's own SQLite file, opened beside it: to look at what a journey stored, or to set
 * up what a test needs. Read-only unless asked, so a look never takes a write lock.
 */
export function openServerDatabase({ write = false } = {}) {
  return new Database(path.join(serverDataDir(), "app.db"), { readonly: !write });
}

/**
 * Makes the server's database refuse any quote for `email`, as a full disk or a lost connection
 * would (a trigger aborting the insert). Returns the cleanup that lets it through again.
 */
export function refuseQuotesFor(email: string): () => void {
  const trigger = `e2e_refuse_${randomBytes(4).toString("hex")}`;
  const quoted = email.replaceAll("'", "''");
  const db = openServerDatabase({ write: true });
  db.exec(
    `create trigger ${trigger} before insert on quotes when new.client_email = '${quoted}'
     begin select raise(abort, 'e2e: storage refused'); end`,
  );
  db.close();
  return () => {
    const cleanup = openServerDatabase({ write: true });
    cleanup.exec(`drop trigger if exists ${trigger}`);
    cleanup.close();
  };
}
