import type { Kysely } from "kysely";
import { z } from "zod";
import {
  ENGLISH_OPTIONS,
  EQUIPMENT_OPTIONS,
  EXPERIENCE_OPTIONS,
  labelOf,
  VISA_OPTIONS,
} from "~/features/applications/application-copy";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { getPoliceCheckYears } from "~/features/settings/police-check-setting.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { decryptField, maskTail } from "~/lib/crypto.server";
import { jsonColumnOr } from "~/lib/json-column";
import { newId } from "~/lib/ids";
import { sydneyDate } from "~/lib/sydney-time";
import { failure, type Result } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { CleanerStatus, Database, ServiceType } from "~/server/database";
import { PROFILE_TEXT } from "./cleaner-admin-copy";
import { APPLICATION_TEXT } from "./application-review";
import { welcomeEmail } from "./cleaner-emails";
import { displayablePhotoUrl } from "./cleaner-photo";
import type { CleanerProfile, RevealedPayment } from "./cleaner-profile";
import type { CleanerStatusChange } from "./cleaner-status";
import { changeCleanerStatus, type StatusActor } from "./cleaner-status.server";
import {
  findCleanerAssignments,
  findCleanerContact,
  findCleanerForProfile,
  findCleanerSecrets,
} from "./cleaners.repository.server";
import { POLICE_CHECK_TEXT, policeCheckProblem } from "./police-check";
import { initialsOf } from "./public-profile";
import { CleanerTextListSchema } from "./public-profile.repository.server";
import { centsToDollars } from "./public-profile-edit.schema";
import { getUpcomingTimeOff } from "./vetting.service.server";
import { SERVICE_RATE_FIELDS, ServiceRatesSchema, type PayBasisValues } from "./pay-basis.schema";

// The back office's cleaner profile (docs/product/back-office.md#cleaner-profile): everything
// staff need to judge and reach a cleaner, bank and tax numbers masked; an owner's reveal is
// audited (docs/decisions/0011-encrypted-bank-details.md); status changes go through
// changeCleanerStatus, and an applicant's acceptance or refusal emails them in the same
// transaction.

/** Audit action of an owner's reveal of a cleaner's bank and tax numbers. */
export const CLEANER_PAYMENT_REVEALED = "cleaner.payment_details_revealed";

/** Jobs shown on the profile: the latest ones. */
const JOBS_SHOWN = 50;

const MetadataSchema = z
  .object({
    visa_status: z.string().nullish(),
    english_proficiency: z.string().nullish(),
    has_police_check: z.boolean().nullish(),
    police_check_date: z.string().nullish(),
    has_own_equipment: z.boolean().nullish(),
    owned_equipment: z.array(z.string()).nullish(),
  })
  .partial();

const list = (text: string) => jsonColumnOr(CleanerTextListSchema, text, [] as string[]);
const SERVICE_LABELS: Record<string, string> = {
  residential: "Residential",
  commercial: "Commercial",
  "post-construction": "Post-construction",
  subscription: "Subscription",
};

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findCleanerForProfile>>>;

/** The vetting answers and the police check (docs/decisions/0042-who-is-free-for-a-job.md). */
function verificationOf(
  row: ProfileRow,
  meta: z.output<typeof MetadataSchema>,
  today: string,
): CleanerProfile["verification"] {
  return {
    policeCheck: meta.has_police_check === true,
    policeCheckDate: meta.has_police_check ? (meta.police_check_date ?? null) : null,
    policeCheckExpiresOn: row.police_check_expires_on,
    policeCheckProblem: policeCheckProblem(row.police_check_expires_on, today),
    hasAbn: Number(row.has_abn) === 1,
    abnNumber: row.abn_number,
    visaStatus: meta.visa_status ? labelOf(VISA_OPTIONS, meta.visa_status) : null,
    englishLevel: meta.english_proficiency
      ? labelOf(ENGLISH_OPTIONS, meta.english_proficiency)
      : null,
    transport: Number(row.has_transport) === 1,
    ownEquipment: meta.has_own_equipment === true,
    equipment: (meta.owned_equipment ?? []).map((item) => labelOf(EQUIPMENT_OPTIONS, item)),
  };
}

/** The profile of cleaner `id`, or null when there is none. */
export async function getCleanerProfile(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
): Promise<CleanerProfile | null> {
  const row = await findCleanerForProfile(db, id);
  if (!row) return null;
  const meta: z.output<typeof MetadataSchema> = jsonColumnOr(
    MetadataSchema,
    row.additional_metadata,
    {},
  );
  const jobs = await findCleanerAssignments(db, id, JOBS_SHOWN);
  const timeOff = await getUpcomingTimeOff(db, id, now);
  const policeCheckYears = await getPoliceCheckYears(db);
  const hasBank =
    row.bank_name !== null ||
    row.account_last4 !== null ||
    Boolean(row.has_bsb) ||
    Boolean(row.has_tfn);
  const photoUrl = displayablePhotoUrl(row.photo);
  return {
    id: row.id,
    name: row.name,
    initials: initialsOf(row.name),
    photoUrl,
    status: row.status,
    rating: Math.round(Number(row.rating) * 10) / 10,
    email: row.email,
    phone: row.phone,
    location: row.location,
    completedJobs: Number(row.completed_jobs),
    activeBookings: Number(row.active_bookings),
    services: list(row.services),
    availability: list(row.availability),
    languages: list(row.languages),
    specialties: list(row.specialties),
    verification: verificationOf(row, meta, sydneyDate(now)),
    experience: row.experience ? labelOf(EXPERIENCE_OPTIONS, row.experience) : null,
    preferredAreas: row.preferred_areas,
    additionalNotes: row.additional_notes,
    payment: hasBank
      ? {
          bankName: row.bank_name,
          accountName: row.account_name,
          bsb: row.has_bsb ? "•••-•••" : null,
          accountNumber: row.account_last4 ? maskTail(`0000${row.account_last4}`) : null,
          tfn: row.has_tfn ? "•••••••••" : null,
          superFund: row.super_fund,
          superMemberNumber: row.has_super_member_number ? "••••••" : null,
        }
      : null,
    payBasis: payBasisValues(row),
    publicProfile: {
      about: row.about ?? "",
      workingHours: row.working_hours ?? "",
      pricePerDay: centsToDollars(row.price_per_day_cents),
      photoUrl: row.photo && !row.photo.startsWith("/api/uploads/") ? row.photo : "",
    },
    source: row.source,
    jobs: jobs.map((job) => ({
      id: job.id,
      date: job.scheduled_date,
      timeSlot: job.time_slot,
      status: job.status,
      clientName: job.client_name,
      service: SERVICE_LABELS[job.service_type] ?? job.service_type,
      quoteStatus: job.quote_status,
    })),
    timeOff,
    policeCheckYears,
  };
}

/** The stored pay basis as the form shows it: rates back in dollars, the TFN only as whether it is set. */
function payBasisValues(row: {
  employment_type: PayBasisValues["employmentType"];
  abn_number: string | null;
  has_tfn: unknown;
  pay_rate_cents: number | null;
  service_pay_rates: string | null;
}): PayBasisValues {
  const rates = jsonColumnOr(
    ServiceRatesSchema,
    row.service_pay_rates,
    {} as Partial<Record<ServiceType, number>>,
  );
  const values: PayBasisValues = {
    employmentType: row.employment_type,
    abn: row.abn_number ?? "",
    hasTfn: Boolean(row.has_tfn),
    hourlyRate: centsToDollars(row.pay_rate_cents),
    residentialRate: "",
    commercialRate: "",
    postConstructionRate: "",
    subscriptionRate: "",
  };
  for (const { field, service } of SERVICE_RATE_FIELDS) {
    values[field] = centsToDollars(rates[service] ?? null);
  }
  return values;
}

export type RevealResult = Result<{ payment: RevealedPayment }>;

/**
 * Decrypts a cleaner's bank and tax numbers for an owner (the route checks sensitive.reveal) and
 * records who saw them, when and from where. Nothing is answered unless the entry is written.
 */
export async function revealPaymentDetails(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataEncryptionKey">,
  input: { cleanerId: string; staffId: string; ip: string | null; now?: Date },
): Promise<RevealResult> {
  const secrets = await findCleanerSecrets(db, input.cleanerId);
  if (!secrets) return failure("not_found", PROFILE_TEXT.notFound);
  const open = (value: string | null) =>
    value === null ? null : decryptField(config.dataEncryptionKey, value);
  const payment: RevealedPayment = {
    bsb: open(secrets.bsb_encrypted),
    accountNumber: open(secrets.account_number_encrypted),
    tfn: open(secrets.tfn_encrypted),
    superMemberNumber: open(secrets.super_member_number_encrypted),
  };
  await insertAuditEntry(db, {
    id: newId(),
    actor_type: "staff",
    actor_id: input.staffId,
    action: CLEANER_PAYMENT_REVEALED,
    subject_type: "cleaner",
    subject_id: input.cleanerId,
    // Which fields were shown, never their values.
    details: JSON.stringify({
      fields: Object.entries(payment)
        .filter(([, value]) => value !== null)
        .map(([field]) => field),
    }),
    ip: input.ip,
    created_at: (input.now ?? new Date()).toISOString(),
  });
  return { ok: true, payment };
}

export type StatusResult =
  | {
      kind: "changed";
      change: CleanerStatusChange;
      emailed: "welcome" | null;
      released: number;
    }
  | { kind: "unchanged"; released: number }
  | { kind: "not-found" }
  /**
   * docs/decisions/0042-who-is-free-for-a-job.md: Available needs a current police check;
   * docs/decisions/0056-application-outcomes-and-documents.md: a declined application
   * is reopened before its applicant's status moves.
   */
  | { kind: "refused"; message: string };

/**
 * Staff set a cleaner's status (docs/product/back-office.md#statuses-and-flows): compare-and-set
 * with its audit entry, and for an applicant (pending_review) moved to available a welcome
 * email, in one transaction. Turning an application down is not a status: it is declined
 * (docs/decisions/0056-application-outcomes-and-documents.md), so a suspension emails
 * nobody. The public page follows.
 */
export async function setCleanerStatus(
  db: Kysely<Database>,
  input: {
    cleanerId: string;
    to: CleanerStatus;
    actor: StatusActor;
    now?: Date;
    /**
     * Releases the cleaner's future jobs in the same transaction, answering how many
     * (docs/decisions/0041-cleaners-hear-of-job-changes.md); given for a move away from taking jobs.
     */
    releaseJobs?: (trx: Kysely<Database>) => Promise<number>;
  },
): Promise<StatusResult> {
  const at = input.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<StatusResult> => {
    const contact = await findCleanerContact(trx, input.cleanerId);
    if (!contact) return { kind: "not-found" };
    if (contact.application_outcome === "declined") {
      return { kind: "refused", message: APPLICATION_TEXT.declinedNoStatus };
    }
    if (
      input.to === "available" &&
      policeCheckProblem(contact.police_check_expires_on, sydneyDate(at))
    ) {
      return { kind: "refused", message: POLICE_CHECK_TEXT.cannotBeAvailable };
    }
    const change = await changeCleanerStatus(trx, {
      cleanerId: input.cleanerId,
      to: input.to,
      actor: input.actor,
      at,
    });
    // Also when the status was already this one: jobs given before it must not stay.
    const released = input.releaseJobs ? await input.releaseJobs(trx) : 0;
    if (!change) return { kind: "unchanged", released };
    let emailed: "welcome" | null = null;
    if (change.from === "pending_review" && change.to === "available") {
      emailed = "welcome";
      const profile = await getBusinessProfile(trx);
      const email = welcomeEmail(contact.name, profile.name);
      const rendered = renderEmail(
        { heading: email.heading, paragraphs: email.paragraphs },
        profile,
      );
      await enqueueEmail(trx, {
        topic: "cleaner.accepted",
        subjectType: "cleaner",
        subjectId: input.cleanerId,
        to: contact.email,
        replyTo: profile.email,
        subject: email.subject,
        html: rendered.html,
        text: rendered.text,
      });
    }
    // The status change itself bumped the content version (/provider/{id} and the home page's
    // team depend on it).
    return { kind: "changed", change, emailed, released };
  });
}
