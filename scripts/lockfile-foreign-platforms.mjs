// Adds lockfile entries for the native packages of other platforms (rollup, tailwind's oxide).
//
// Why: the registry this project installs from serves only the Linux builds of those packages, so
// `npm install` here cannot write their entries, and `npm ci` then refuses the lockfile as out of
// sync. Each entry below carries the package's own os/cpu/libc constraints, so npm skips it on
// every platform but its own and never fetches it here; on a full registry it installs as usual.
// Run after changing dependencies: `node scripts/lockfile-foreign-platforms.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const families = ["@rollup/rollup-", "@tailwindcss/oxide-"];
const cpus = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32"];

function platformOf(name) {
  const parts = name.slice(name.indexOf("-", name.indexOf("/")) + 1).split("-");
  const [os, cpuPart, abi = ""] = parts;
  if (os === "wasm32") return { cpu: ["wasm32"] };
  const cpu = cpus.find((c) => cpuPart === c) ?? cpuPart;
  const platform = { os: [os], cpu: [cpu] };
  if (os === "linux") platform.libc = [abi.startsWith("musl") ? "musl" : "glibc"];
  return platform;
}

let added = 0;
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!families.some((family) => name.startsWith(family))) continue;
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    packages[key] = { version, license: "MIT", optional: true, ...platformOf(name) };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n");
console.log(`added ${added} foreign-platform entries to package-lock.json`);
