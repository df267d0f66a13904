// npm run bench:signin -- --owner: the owner signing in during a distributed flood at their
// account (docs/decisions/0049-sign-in-under-a-flood.md). The server runs with TRUST_PROXY=on and
// rate limits on; FLOOD_CONNECTIONS clients send the owner's email with wrong passwords, each
// naming a new X-Forwarded-For address every ROTATE_EVERY tries, so no address reaches the
// per-address limit of five for the account. Meanwhile the owner, from the device and address
// they signed in on just before, signs in with the right password once a second, and one
// connection fetches a static asset. Prints the owner's latency per try.
import { readFileSync } from "node:fs";
import path from "node:path";
import { autocannon, type AutocannonResult } from "./bench-server";

const FLOOD_CONNECTIONS = 32;
const ROTATE_EVERY = Number(process.env.BENCH_ROTATE ?? 5);
const OWNER_ADDRESS = "203.0.113.7";

type Bench = { baseUrl: string; dataDir: string; asset: string; durationS: number };

function ownerLogin(dataDir: string) {
  const logins = JSON.parse(readFileSync(path.join(dataDir, "demo-logins.json"), "utf8")) as {
    role: string;
    email: string;
    password: string;
  }[];
  const owner = logins.find((login) => login.role === "owner");
  if (!owner) throw new Error("the demo data has no owner login");
  return owner;
}

function postSignIn(
  baseUrl: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
) {
  return fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl,
      ...headers,
    },
    body: new URLSearchParams({ intent: "password", ...fields }),
    redirect: "manual",
  });
}

/** The cookies a successful sign-in set, minus the session (the owner signs in afresh). */
async function signInOnce(baseUrl: string, owner: { email: string; password: string }) {
  const response = await postSignIn(baseUrl, owner, { "x-forwarded-for": OWNER_ADDRESS });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`the owner's first sign-in got ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => !cookie.startsWith("hg_session=") && !cookie.endsWith("="))
    .join("; ");
}

async function flood(baseUrl: string, email: string, until: number) {
  const statuses = new Map<number, number>();
  let sent = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const n = sent++;
      // 10.x.y.z from the attempt's number: a fresh address every ROTATE_EVERY tries.
      const a = Math.floor(n / ROTATE_EVERY);
      const address = `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;
      const response = await postSignIn(
        baseUrl,
        { email, password: "not-the-password-at-all" },
        { "x-forwarded-for": address },
      );
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, worker));
  return { statuses, addresses: Math.ceil(sent / ROTATE_EVERY) };
}

async function ownerTries(
  baseUrl: string,
  owner: { email: string; password: string },
  cookie: string,
  until: number,
  label = "owner try",
) {
  const tries: { status: number; ms: number }[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const response = await postSignIn(baseUrl, owner, {
      "x-forwarded-for": OWNER_ADDRESS,
      ...(cookie ? { cookie } : {}),
    });
    await response.arrayBuffer();
    const ms = Math.round(performance.now() - started);
    tries.push({ status: response.status, ms });
    console.log(`${label} ${String(tries.length).padStart(2)}: ${response.status} in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - ms)));
  }
  return tries;
}

export async function benchOwnerDuringFlood(
  bench: Bench,
  line: (name: string, result: AutocannonResult) => string,
) {
  const owner = ownerLogin(bench.dataDir);
  const cookie = await signInOnce(bench.baseUrl, owner);
  console.log(`owner's device cookies: ${cookie ? cookie.split("=")[0] : "(none)"}`);
  // The same sign-in with no flood, for comparison on a machine whose load varies.
  await ownerTries(bench.baseUrl, owner, cookie, Date.now() + 3000, "owner, quiet");
  const until = Date.now() + bench.durationS * 1000;
  const [floodResult, tries, assetLoad] = await Promise.all([
    flood(bench.baseUrl, owner.email, until),
    ownerTries(bench.baseUrl, owner, cookie, until),
    autocannon({
      url: `${bench.baseUrl}/assets/${bench.asset}`,
      connections: 1,
      duration: bench.durationS,
    }),
  ]);
  const statuses = [...floodResult.statuses].map(([code, count]) => `${code}×${count}`).join(" ");
  console.log(
    `flood (${FLOOD_CONNECTIONS} connections, ${floodResult.addresses} addresses): ${statuses}`,
  );
  const signedIn = tries.filter((attempt) => attempt.status === 302);
  const worst = Math.max(...tries.map((attempt) => attempt.ms));
  console.log(`owner: ${signedIn.length} of ${tries.length} signed in, slowest try ${worst} ms`);
  console.log(line("asset, flood", assetLoad));
}
