import { expect, expectNoAxeViolations, test } from "./fixtures";
import { PHONE, signInByEmailedLink } from "./journeys";
import { openServerDatabase } from "./server-database";

// Pay from the work (docs/decisions/0080-pay-rules.md, 0081-pay-runs-pay-a-line-once.md,
// 0082-aba-bank-file.md): an owner approves a week's timesheet lines, drafts its pay run,
// approves it, downloads its ABA file and exports, marks it paid; the same lines cannot go into a
// second run; the margin of a job reads as the database says; a cleaner of the run then finds
// it, its period and what it paid them, on their phone's Earnings page. The demo leaves the weeks
// before its last two runs unpaid, so the latest of those with lines waiting is this test's own.

type Row = Record<string, unknown>;

const money = (cents: number) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(cents / 100);

test("an owner pays a week from its timesheets, once, and the margin matches the database", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  test.slow(); // a whole pay run, its files, a refused second run, an axe pass and a cleaner's sign-in
  browserProblems.allow(/\/admin\/pay-runs/); // the second draft's refusal, 409
  await signInAs({ role: "owner", label: "payroll" });

  await page.goto("/admin/pay-runs");
  const period = page.getByLabel("Pay period");
  // The latest period offered with lines waiting for approval.
  const offered = (await period
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) as string[];
  const waiting = openServerDatabase()
    .prepare("select distinct work_date from timesheet_lines where status = 'pending'")
    .all() as { work_date: string }[];
  const chosen = offered.find((value) => {
    const [from, to] = value.split("/") as [string, string];
    return waiting.some((line) => line.work_date >= from && line.work_date <= to);
  });
  expect(chosen).toBeDefined();
  const [start, end] = chosen!.split("/") as [string, string];

  // Approve the week's lines.
  await page.goto(`/admin/timesheets?from=${start}`);
  await expect(page.getByText(/No tax is calculated here/)).toBeVisible();
  // At a laptop's width every column shows, the pending lines' actions included, unscrolled.
  const table = page.getByRole("region", { name: /^Timesheet lines/ });
  expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: /Approve all \d+ pending lines/ }).click();
  await expect(page.getByText(/lines? approved/).first()).toBeVisible();
  const db = openServerDatabase();
  const lines = db
    .prepare(
      "select id from timesheet_lines where work_date between ? and ? and status = 'approved'",
    )
    .all(start, end) as Row[];
  expect(lines.length).toBeGreaterThan(0);

  // Draft, approve.
  await page.goto("/admin/pay-runs");
  await period.selectOption(`${start}/${end}`);
  await page.getByRole("button", { name: "Draft pay run" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Pay run PR-/ })).toBeVisible();
  const runId = page.url().split("/").at(-1)!;
  await page.getByRole("button", { name: "Approve pay run" }).click();
  await expect(page.getByText("Pay run approved").first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The ABA file pays each cleaner of the run (worked or tipped); the exports list its lines.
  const aba = await page.request.get(`/admin/pay-runs/${runId}/files/bank.aba`);
  expect(aba.status()).toBe(200);
  const records = (await aba.text()).trimEnd().split("\r\n");
  const cleaners = db
    .prepare(
      `select count(*) n from (select cleaner_id from pay_run_lines where run_id = ?
         union select cleaner_id from pay_run_tips where run_id = ?)`,
    )
    .get(runId, runId) as { n: number };
  expect(records).toHaveLength(cleaners.n + 2);
  expect(Number(records.at(-1)!.slice(74, 80))).toBe(cleaners.n);
  const csv = await page.request.get(`/admin/pay-runs/${runId}/files/lines.csv`);
  expect((await csv.text()).trim().split("\n")).toHaveLength(lines.length + 1);
  const xero = await page.request.get(`/admin/pay-runs/${runId}/files/xero-bills.csv`);
  expect(await xero.text()).toContain("*ContactName,EmailAddress");

  // Mark paid, after confirming.
  await page.getByRole("button", { name: "Mark paid" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByText(/Pay run marked paid/).first()).toBeVisible();
  const run = db.prepare("select status from pay_runs where id = ?").get(runId) as Row;
  expect(run.status).toBe("paid");
  const remittances = db
    .prepare(
      "select count(*) n from outbox_messages where topic = 'pay_run.remittance' and subject_id = ?",
    )
    .get(runId) as { n: number };
  expect(remittances.n).toBe(cleaners.n);
  // A cleaner of the run who may use the app, and what the run paid them: wages less
  // withholding, plus tips (docs/decisions/0085-tips-ride-in-pay-runs.md).
  const paid = db
    .prepare(
      `select c.email,
         (select coalesce(sum(t.base_cents + t.adjustment_cents - t.withholding_cents), 0)
            from pay_run_lines l join timesheet_lines t on t.id = l.line_id
            where l.run_id = ? and t.cleaner_id = c.id)
         + (select coalesce(sum(s.amount_cents), 0)
            from pay_run_tips p join tip_shares s on s.id = p.tip_share_id
            where p.run_id = ? and p.cleaner_id = c.id) net
       from cleaners c
       where c.status in ('available', 'busy') and c.application_outcome is null
         and c.id in (select t.cleaner_id from pay_run_lines l
                      join timesheet_lines t on t.id = l.line_id where l.run_id = ?)
       order by c.email limit 1`,
    )
    .get(runId, runId, runId) as { email: string; net: number };
  const runReference = db.prepare("select reference from pay_runs where id = ?").get(runId) as {
    reference: string;
  };

  // A second run for the same week takes nothing.
  await page.goto("/admin/pay-runs");
  await period.selectOption(`${start}/${end}`);
  await page.getByRole("button", { name: "Draft pay run" }).click();
  await expect(
    page.getByText(/already in a pay run, or none is approved yet/).first(),
  ).toBeVisible();
  const held = db.prepare("select count(*) n from pay_run_lines where run_id = ?").get(runId) as {
    n: number;
  };
  expect(held.n).toBe(lines.length);

  // The margin of this week's first job, as the database gives it.
  const job = db
    .prepare(
      `select b.id, b.reference from bookings b join timesheet_lines t on t.booking_id = b.id
       where t.id = ?`,
    )
    .get(lines[0]!.id) as Row;
  const kept = db
    .prepare(
      `select coalesce(sum(case when status = 'paid' then amount_cents - refunded_cents else 0 end), 0) c
       from payments where booking_id = ?`,
    )
    .get(job.id) as { c: number };
  const labour = db
    .prepare(
      `select coalesce(sum(t.base_cents + t.adjustment_cents
         + case when c.employment_type = 'employee' then round(t.base_cents * 0.12) else 0 end), 0) c
       from timesheet_lines t join cleaners c on c.id = t.cleaner_id where t.booking_id = ?`,
    )
    .get(job.id) as { c: number };
  db.close();
  const revenue = kept.c - Math.round(kept.c / 11);
  await page.goto("/admin/margins");
  const row = page.getByRole("row").filter({ hasText: String(job.reference) });
  // Jobs are listed a page of 50 at a time, newest first: go back a page until it is there.
  for (let pages = 1; (await row.count()) === 0; pages++) {
    expect(pages, "the job is on one of the year's pages").toBeLessThan(40);
    const older = await page.getByRole("link", { name: "Older jobs" }).getAttribute("href");
    await page.goto(`/admin/margins${older}`);
  }
  await expect(row).toContainText(money(revenue));
  await expect(row).toContainText(money(labour.c));
  await expect(row).toContainText(money(revenue - labour.c));

  // The cleaner, on their phone, finds the paid run on their Earnings page.
  await page.setViewportSize(PHONE);
  await page.goto("/cleaner/sign-in");
  await page.getByLabel("Email").fill(paid.email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await signInByEmailedLink(page, paid.email, "cleaner.magic_link");
  await expect(page).toHaveURL(/\/cleaner$/);
  await page.goto("/cleaner/earnings");
  const card = page
    .getByRole("region", { name: "Pay runs" })
    .getByRole("listitem")
    .filter({ hasText: runReference.reference });
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(
    `${sydneyDay(start)} – ${sydneyDay(end)}`,
  );
  await expect(card).toContainText(/Paid on /);
  await expect(card).toContainText(money(paid.net));
});

/** "2026-12-07" -> "Mon, 7 Dec 2026", as the app writes a date. */
function sydneyDay(date: string) {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][day.getUTCDay()];
  const month = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ")[day.getUTCMonth()];
  return `${weekday}, ${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`;
}
