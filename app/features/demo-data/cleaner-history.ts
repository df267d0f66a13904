import type { CleanerStatus } from "~/server/database";
import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import type { SeedCleaner } from "./cleaners.server";
import type { Random } from "./random";

// The status history of the demo team over the last 120 days, ending on each cleaner's status
// now, so the dashboard's Active Cleaners growth has something true to say: a few cleaners took
// a break and came back, some went busy or offline lately, one or two were suspended, and the
// applicants still waiting for review have no history yet.

export type StatusStep = { to: CleanerStatus; at: Date };
export type CleanerHistory = { initial: CleanerStatus; steps: StatusStep[] };

const WINDOW_DAYS = 120;

/** A weekday-ish office time `daysAgo` days before now (Sydney), never before `notBefore`. */
function officeTime(random: Random, now: Date, daysAgo: number, notBefore: Date) {
  const date = addDays(sydneyDate(now), -daysAgo);
  const time = `${String(random.int(8, 17)).padStart(2, "0")}:${random.pick(["00", "15", "30", "45"])}`;
  const at = sydneyInstant(date, time);
  if (at < notBefore || at >= now) return null;
  return at;
}

export function cleanerHistory(random: Random, cleaner: SeedCleaner, now: Date): CleanerHistory {
  const status = cleaner.row.status;
  const created = new Date(cleaner.row.created_at);
  // Each plan lists the statuses in order, oldest first, with how many days ago each began.
  let plan: [CleanerStatus, number][] = [];
  if (status === "available" && random.chance(0.45)) {
    // A break (holidays, an injury) and back; some of them came back within the last month.
    const away = random.int(15, WINDOW_DAYS - 5);
    const back = random.int(1, Math.max(1, away - 7));
    plan = [
      ["available", WINDOW_DAYS],
      ["offline", away],
      ["available", back],
    ];
  } else if (status === "busy") {
    plan = [
      ["available", WINDOW_DAYS],
      ["busy", random.int(1, 25)],
    ];
  } else if (status === "offline") {
    plan = [
      ["available", WINDOW_DAYS],
      ["offline", random.int(3, 60)],
    ];
  } else if (status === "suspended") {
    plan = [
      ["available", WINDOW_DAYS],
      ["busy", random.int(40, 90)],
      ["suspended", random.int(5, 35)],
    ];
  }
  const steps: StatusStep[] = [];
  let initial = plan[0]?.[0] ?? status;
  for (const [to, daysAgo] of plan.slice(1)) {
    const at = officeTime(random, now, daysAgo, steps.at(-1)?.at ?? created);
    // A step that would fall before the cleaner joined (or out of order) is left out: the
    // cleaner started in that status instead.
    if (at) steps.push({ to, at });
    else if (steps.length === 0) initial = to;
  }
  const final = steps.at(-1)?.to ?? initial;
  return final === status ? { initial, steps } : { initial: status, steps: [] };
}
