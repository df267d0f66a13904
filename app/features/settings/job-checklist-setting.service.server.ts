import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { saveAuditedSetting } from "./audited-setting.server";
import {
  DEFAULT_JOB_CHECKLISTS,
  DEFAULT_PROOF_OF_CLEAN,
  JOB_CHECKLISTS_SETTING,
  PROOF_OF_CLEAN_SETTING,
  StoredJobChecklistsSchema,
  StoredProofOfCleanSchema,
  type JobChecklists,
} from "./job-checklist-setting";
import { findSettingValue } from "./settings.repository.server";

// docs/decisions/0068-job-visits.md: the levels' checklists and the proof-of-clean switch.

export async function getJobChecklists(db: Kysely<Database>): Promise<JobChecklists> {
  return (
    (await findSettingValue(db, JOB_CHECKLISTS_SETTING, StoredJobChecklistsSchema)) ??
    DEFAULT_JOB_CHECKLISTS
  );
}

export async function getProofOfClean(db: Kysely<Database>): Promise<boolean> {
  return (
    (await findSettingValue(db, PROOF_OF_CLEAN_SETTING, StoredProofOfCleanSchema)) ??
    DEFAULT_PROOF_OF_CLEAN
  );
}

/** Saves the lists and the switch an owner chose, each with an audit entry when it changed. */
export async function updateJobVisitSettings(
  db: Kysely<Database>,
  input: { checklists: JobChecklists; proofOfClean: boolean },
  actor: { staffId: string; ip: string | null },
  now = new Date(),
) {
  await saveAuditedSetting(db, {
    key: JOB_CHECKLISTS_SETTING,
    value: StoredJobChecklistsSchema.parse(input.checklists),
    read: getJobChecklists,
    action: "settings.job_checklists_updated",
    // The lists' words are in the setting; the entry says only that they changed.
    details: () => null,
    actor,
    now,
  });
  await saveAuditedSetting(db, {
    key: PROOF_OF_CLEAN_SETTING,
    value: input.proofOfClean,
    read: getProofOfClean,
    action: "settings.proof_of_clean_updated",
    details: (from, to) => JSON.stringify({ from, to }),
    actor,
    now,
  });
}
