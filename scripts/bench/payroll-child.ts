// `npm run bench:payroll`'s other process, bundled (bundled-child.ts) and started by payroll.ts:
//   build DATABASE N FROM TO: N owners press "build the run" at once (on PostgreSQL each on a
//     connection of its own), when the parent writes a line, so two processes start together.
//   settle DATABASE RUN: approves the run if it is a draft, then marks it paid, as the owner's
//     two presses do; prints a line as it starts, so the parent can SIGKILL it mid-way.
import readline from "node:readline";
import {
  approvePayRun,
  buildPayRun,
  markPayRunPaid,
} from "~/features/payroll/pay-runs.service.server";
import { OWNER } from "~/features/payroll/payroll.test-data";
import { createDatabase, isPostgresUrl } from "~/server/db.server";

const [mode, url, ...rest] = process.argv.slice(2) as [string, string, ...string[]];

async function buildAtOnce(count: number, period: { periodStart: string; periodEnd: string }) {
  // PostgreSQL: a connection for each owner, as requests on several servers would have. SQLite:
  // one connection for the process, as the server has, its transactions one after another.
  const connections = isPostgresUrl(url) ? count : 1;
  const opened = Array.from({ length: connections }, () => createDatabase(url));
  const databases = Array.from({ length: count }, (_, i) => opened[i % connections]!);
  try {
    // Every connection open before the start, so the presses race and not the connecting.
    await Promise.all(
      opened.map((database) => database.db.selectFrom("pay_runs").select("id").limit(1).execute()),
    );
    console.log(JSON.stringify({ ready: true }));
    await new Promise((resolve) =>
      readline.createInterface({ input: process.stdin }).once("line", resolve),
    );
    const answers = await Promise.all(
      databases.map((database) => buildPayRun(database.db, period, OWNER)),
    );
    const built = answers.filter((answer) => answer.ok);
    console.log(JSON.stringify({ built: built.length, refused: count - built.length }));
  } finally {
    await Promise.all(opened.map((database) => database.close()));
  }
}

async function settle(runId: string) {
  const database = createDatabase(url);
  const publicUrl = "https://harbourandgold.test";
  try {
    console.log(JSON.stringify({ settling: true }));
    await approvePayRun(database.db, runId, OWNER);
    const paid = await markPayRunPaid(database.db, runId, OWNER, { publicUrl });
    console.log(JSON.stringify({ paid: paid.ok }));
  } finally {
    await database.close();
  }
}

if (mode === "build") {
  const [count, periodStart, periodEnd] = rest as [string, string, string];
  await buildAtOnce(Number(count), { periodStart, periodEnd });
  process.stdin.destroy();
} else if (mode === "settle") {
  await settle(rest[0]!);
} else {
  throw new Error("usage: payroll-child.ts build|settle DATABASE …");
}
