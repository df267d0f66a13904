import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

// The data folder holds the SQLite database, the generated secrets and, without SMTP, every
// outgoing email as a file: live sign-in links, job offers and staff invitations. Any other
// account on the machine must not be able to read them, so everything in it is owner-only.

const OWNER_ONLY_FOLDER = 0o700;
const OWNER_ONLY_FILE = 0o600;

/**
 * From now on this process creates files and folders for its owner alone (the database's WAL
 * and journal files, emails, uploads), whoever creates them. Call before anything is written.
 */
export function createOwnerOnlyFiles() {
  process.umask(0o077);
}

/**
 * Creates the data folder owner-only, or makes an existing one so: a folder left by an older
 * version, or copied in with default modes, gets 0700 folders and 0600 files throughout.
 * Symbolic links are left alone (chmod would follow them out of the folder).
 */
export function secureDataFolder(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  restrict(dataDir);
}

function restrict(entry: string) {
  const stats = lstatSync(entry);
  if (stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    if ((stats.mode & 0o777) !== OWNER_ONLY_FOLDER) chmodSync(entry, OWNER_ONLY_FOLDER);
    for (const name of readdirSync(entry)) restrict(path.join(entry, name));
  } else if ((stats.mode & 0o777) !== OWNER_ONLY_FILE) {
    chmodSync(entry, OWNER_ONLY_FILE);
  }
}
