import type { Kysely } from "kysely";
import { acknowledgeByEmail } from "~/features/notifications/acknowledgements.service.server";
import { notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import {
  applicantPhotoAvailable,
  claimApplicantPhoto,
  UploadClaimError,
  uploadUrl,
} from "~/features/uploads/uploads.service.server";
import { encryptField } from "~/lib/crypto.server";
import type { FieldErrors } from "~/lib/field-errors";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import type { AppConfig } from "~/server/config.server";
import type { Database, NewCleaner } from "~/server/database";
import {
  EQUIPMENT_OPTIONS,
  ENGLISH_OPTIONS,
  EXPERIENCE_OPTIONS,
  labelOf,
  VISA_OPTIONS,
} from "./application-copy";
import { ApplicationSchema, type Application, type ApplicationField } from "./application.schema";
import { cleanerEmailTaken, insertCleaner } from "~/server/cleaner-rows.repository.server";

// docs/product/back-office.md#cleaner-application-wizard and #entities-and-fields: an application
// becomes a cleaner with status pending_review and services Residential and Commercial. Bank and
// tax details are kept only when a bank name is given, and the TFN, BSB, account number and super
// member number only as ciphertext (docs/decisions/0011-encrypted-bank-details.md). The cleaner,
// its photo's claim, the staff email (docs/decisions/0024-notification-toggles.md) and the
// applicant's acknowledgement (docs/decisions/0046-contact-inbox.md) are
// written in one transaction: each exists if and only if the application does.

export type ApplicationResult =
  | { ok: true; cleanerId: string }
  | { ok: false; kind: "invalid"; fieldErrors: FieldErrors<ApplicationField> }
  /** docs/product/back-office.md#validation-rules: one cleaner per email address */
  | { ok: false; kind: "duplicate-email" }
  /** The photo was removed (unclaimed for a day) or used by another application */
  | { ok: false; kind: "photo-unavailable" };

const orNull = (value: string) => (value === "" ? null : value);

/** The new cleaner's row: the spec's fields, the sensitive ones encrypted. */
function cleanerRow(
  application: Application,
  id: string,
  encryptionKey: string,
  now: string,
): NewCleaner {
  const withBank = application.bankName !== "";
  const secret = (value: string) =>
    withBank && value !== "" ? encryptField(encryptionKey, value) : null;
  const bankText = (value: string) => (withBank ? orNull(value) : null);
  return {
    id,
    name: application.name,
    email: application.email,
    phone: application.phone,
    photo: application.photoId === "" ? null : uploadUrl(application.photoId),
    services: JSON.stringify(["Residential", "Commercial"]),
    availability: JSON.stringify(application.availability),
    languages: JSON.stringify(application.languages),
    specialties: JSON.stringify([]),
    status: "pending_review",
    preferred_areas: orNull(application.preferredAreas),
    has_abn: application.hasAbn ? 1 : 0,
    abn_number: application.hasAbn ? application.abnNumber : null,
    has_transport: application.hasTransport ? 1 : 0,
    experience: application.experience,
    additional_notes: orNull(application.message),
    additional_metadata: JSON.stringify({
      visa_status: application.visaStatus,
      english_proficiency: application.englishProficiency,
      has_police_check: application.hasPoliceCheck,
      police_check_date: application.hasPoliceCheck ? application.policeCheckDate : null,
      has_own_equipment: application.hasOwnEquipment,
      owned_equipment: application.hasOwnEquipment ? application.ownedEquipment : [],
    }),
    bank_name: bankText(application.bankName),
    account_name: bankText(application.accountName),
    bsb_encrypted: secret(application.bsb),
    account_number_encrypted: secret(application.accountNumber),
    account_last4:
      withBank && application.accountNumber !== "" ? application.accountNumber.slice(-4) : null,
    tfn_encrypted: secret(application.tfn),
    super_fund: bankText(application.superFund),
    super_member_number_encrypted: secret(application.superMemberNumber),
    source: "application",
    created_at: now,
    updated_at: now,
  };
}

/**
 * Checks the posted application again, then stores it. Throws when nothing could be stored (the
 * applicant then sees "Failed to submit application. Please try again." and keeps what they typed).
 */
export async function submitApplication(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataEncryptionKey">,
  form: FormData | URLSearchParams,
  options: { now?: Date } = {},
): Promise<ApplicationResult> {
  const now = options.now ?? new Date();
  const parsed = parseForm(form, ApplicationSchema);
  if (!parsed.ok) return { ok: false, kind: "invalid", fieldErrors: parsed.fieldErrors };
  const application = parsed.value;

  // docs/product/back-office.md#calls: the email is looked up first; the unique index settles a race.
  if (await cleanerEmailTaken(db, application.email)) return { ok: false, kind: "duplicate-email" };
  const photoId = application.photoId;
  if (photoId !== "" && !(await applicantPhotoAvailable(db, photoId, now))) {
    return { ok: false, kind: "photo-unavailable" };
  }

  const id = newId();
  const row = cleanerRow(application, id, config.dataEncryptionKey, now.toISOString());
  try {
    return await db.transaction().execute(async (trx): Promise<ApplicationResult> => {
      if (!(await insertCleaner(trx, row))) return { ok: false, kind: "duplicate-email" };
      if (photoId !== "") await claimApplicantPhoto(trx, photoId, id, now);
      await notifyStaffByEmail(trx, staffEmail(application, id));
      await acknowledgeByEmail(trx, {
        kind: "application",
        subjectType: "cleaner",
        subjectId: id,
        to: application.email,
        name: application.name,
      });
      return { ok: true, cleanerId: id };
    });
  } catch (error) {
    if (error instanceof UploadClaimError) return { ok: false, kind: "photo-unavailable" };
    throw error;
  }
}

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** The team's email: who applied and how to reach them; never a bank or tax detail. */
function staffEmail(application: Application, id: string) {
  const equipment = application.hasOwnEquipment
    ? application.ownedEquipment.map((item) => labelOf(EQUIPMENT_OPTIONS, item)).join(", ") || "yes"
    : "no";
  return {
    topic: "cleaner.applied",
    subjectType: "cleaner",
    subjectId: id,
    replyTo: application.email,
    subject: `New cleaner application: ${application.name}`,
    heading: "New cleaner application",
    paragraphs: [
      `${application.name} applied to join the team on the website.`,
      `Email: ${application.email}. Phone: ${application.phone}.`,
      `Experience: ${labelOf(EXPERIENCE_OPTIONS, application.experience)}. ` +
        `Visa: ${labelOf(VISA_OPTIONS, application.visaStatus)}. ` +
        `English: ${labelOf(ENGLISH_OPTIONS, application.englishProficiency)}.`,
      `Police check: ${application.hasPoliceCheck ? `yes, ${application.policeCheckDate}` : "no"}. ` +
        `ABN: ${application.hasAbn ? application.abnNumber : "no"}. ` +
        `Own transport: ${yesNo(application.hasTransport)}. Own equipment: ${equipment}.`,
      `Available: ${application.availability.join(", ")}. Languages: ${application.languages.join(", ")}.`,
      ...(application.preferredAreas ? [`Preferred areas: ${application.preferredAreas}.`] : []),
      ...(application.message ? [`Additional information: ${application.message}`] : []),
      `Payment details: ${application.bankName ? "given" : "not given"}. ` +
        "The application waits in the cleaner directory as pending review.",
    ],
  };
}
