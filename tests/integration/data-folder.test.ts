import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { secureDataFolder } from "~/server/data-folder.server";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";

// The data folder (database, secrets, emails holding live sign-in and invitation links) is for
// the server's own account only: 0700 folders and 0600 files, whatever was there before.

function modesUnder(folder: string): { entry: string; mode: string }[] {
  return readdirSync(folder).flatMap((name) => {
    const entry = path.join(folder, name);
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return [];
    const own = { entry: path.relative(folder, entry), mode: (stats.mode & 0o777).toString(8) };
    return stats.isDirectory()
      ? [
          own,
          ...modesUnder(entry).map((child) => ({ ...child, entry: `${own.entry}/${child.entry}` })),
        ]
      : [own];
  });
}

/** A data folder as an older version, or a copy with default modes, would have left it. */
function worldReadableFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), "hg-open-"));
  chmodSync(folder, 0o755);
  mkdirSync(path.join(folder, "mail"), { mode: 0o755 });
  writeFileSync(path.join(folder, "mail", "old.eml"), "a live link", { mode: 0o644 });
  chmodSync(path.join(folder, "mail"), 0o755);
  chmodSync(path.join(folder, "mail", "old.eml"), 0o644);
  return folder;
}

const folders: string[] = [];
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.cleanUp()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the data folder", () => {
  test("an existing folder is made owner-only throughout", () => {
    const folder = worldReadableFolder();
    folders.push(folder);
    secureDataFolder(folder);
    expect((lstatSync(folder).mode & 0o777).toString(8)).toBe("700");
    expect(modesUnder(folder)).toEqual([
      { entry: "mail", mode: "700" },
      { entry: "mail/old.eml", mode: "600" },
    ]);
  });

  test("the server makes an old folder owner-only and writes only owner-only files", async () => {
    const folder = worldReadableFolder();
    folders.push(folder);
    const server = spawnBuiltServer({ DATA_DIR: folder });
    servers.push(server);
    await waitUntilListening(server, 80_000);

    const entries = modesUnder(folder);
    // The database, its WAL, the generated secrets and the demo's images were all written.
    expect(entries.map((e) => e.entry)).toEqual(
      expect.arrayContaining(["app.db", "app.db-wal", "secrets.json", "mail/old.eml"]),
    );
    expect((lstatSync(folder).mode & 0o777).toString(8)).toBe("700");
    const open = entries.filter((e) =>
      lstatSync(path.join(folder, e.entry)).isDirectory() ? e.mode !== "700" : e.mode !== "600",
    );
    expect(open).toEqual([]);
  }, 90_000);
});
