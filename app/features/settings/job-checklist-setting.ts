import { z } from "zod";

// docs/decisions/0068-job-visits.md: the checklist of each cleaning level, kept in one place
// (this setting) and edited in Settings; a job copies its level's list when its crew first
// opens it. Beside it, whether customers see the proof of clean. Client-safe: the settings form
// and the server read the same schemas.

export const JOB_CHECKLISTS_SETTING = "job_checklists";
export const PROOF_OF_CLEAN_SETTING = "proof_of_clean";
export const JOB_VISIT_SETTINGS_INTENT = "job-visits";

export const CHECKLIST_LEVELS = ["basic", "deep", "premium"] as const;
export type ChecklistLevel = (typeof CHECKLIST_LEVELS)[number];
export type JobChecklists = Record<ChecklistLevel, string[]>;

const BASIC = [
  "Kitchen benches, splashback and cupboard fronts wiped",
  "Stovetop and the outside of appliances cleaned",
  "Sinks and taps polished",
  "Toilets, showers, basins and mirrors cleaned",
  "Surfaces and furniture dusted",
  "Floors vacuumed and mopped",
  "Bins emptied and relined",
];

const DEEP = [
  ...BASIC,
  "Inside the oven and microwave",
  "Skirting boards, door frames and light switches",
  "Shower screens and tiles descaled",
  "Window sills and tracks",
];

const PREMIUM = [
  ...DEEP,
  "Inside the fridge and cupboards",
  "Inside windows and glass doors",
  "Beds made with fresh linen",
  "Towels folded and cushions set",
];

export const DEFAULT_JOB_CHECKLISTS: JobChecklists = { basic: BASIC, deep: DEEP, premium: PREMIUM };

/** Customers see the completed checklist and after photos unless the business turns it off. */
export const DEFAULT_PROOF_OF_CLEAN = true;

export const MAX_CHECKLIST_ITEMS = 30;
const ITEM_MAX = 120;

const StoredListSchema = z.array(z.string().trim().min(1).max(ITEM_MAX)).max(MAX_CHECKLIST_ITEMS);
export const StoredJobChecklistsSchema = z.object({
  basic: StoredListSchema,
  deep: StoredListSchema,
  premium: StoredListSchema,
});
export const StoredProofOfCleanSchema = z.boolean();

const LEVEL_LABELS: Record<ChecklistLevel, string> = {
  basic: "Basic clean",
  deep: "Deep clean",
  premium: "Premium clean",
};

/** One textarea per level, one item a line; blank lines are dropped. */
function listField(level: ChecklistLevel) {
  const label = LEVEL_LABELS[level];
  return z
    .string(`${label}: add at least one item`)
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(ITEM_MAX, `${label}: keep each item under ${ITEM_MAX} characters`))
        .min(1, `${label}: add at least one item`)
        .max(MAX_CHECKLIST_ITEMS, `${label}: at most ${MAX_CHECKLIST_ITEMS} items`),
    );
}

export const JobVisitSettingsFormSchema = z.object({
  checklistBasic: listField("basic"),
  checklistDeep: listField("deep"),
  checklistPremium: listField("premium"),
  // A checkbox posts "on" when ticked and nothing when not.
  proofOfClean: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export const JOB_VISIT_SETTINGS_SAVED = "Job checklists saved.";
export { LEVEL_LABELS as CHECKLIST_LEVEL_LABELS };
