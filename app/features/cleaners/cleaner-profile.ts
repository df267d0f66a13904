import type { AssignmentStatus, CleanerStatus, QuoteStatus } from "~/server/database";
import type { PayBasisValues } from "./pay-basis.schema";

// What the back office's cleaner profile shows (docs/product/back-office.md#cleaner-profile).
// Client-safe. Bank and tax numbers appear only masked here; an owner's reveal answers them
// apart, once, audited (docs/decisions/0011-encrypted-bank-details.md).

export type CleanerJob = {
  id: string;
  date: string;
  timeSlot: string;
  status: AssignmentStatus;
  clientName: string;
  service: string;
  quoteStatus: QuoteStatus;
};

export type MaskedPayment = {
  bankName: string | null;
  accountName: string | null;
  bsb: string | null;
  accountNumber: string | null;
  tfn: string | null;
  superFund: string | null;
  superMemberNumber: string | null;
};

export type RevealedPayment = {
  bsb: string | null;
  accountNumber: string | null;
  tfn: string | null;
  superMemberNumber: string | null;
};

export type CleanerProfile = {
  id: string;
  name: string;
  initials: string;
  photoUrl: string | null;
  status: CleanerStatus;
  rating: number;
  email: string;
  phone: string;
  location: string | null;
  completedJobs: number;
  activeBookings: number;
  services: string[];
  availability: string[];
  languages: string[];
  specialties: string[];
  verification: {
    policeCheck: boolean;
    policeCheckDate: string | null;
    /** The last day the check is current (docs/decisions/0042-who-is-free-for-a-job.md) */
    policeCheckExpiresOn: string | null;
    /** Why the check does not let them be Available or offered jobs today; null when it does */
    policeCheckProblem: string | null;
    hasAbn: boolean;
    abnNumber: string | null;
    visaStatus: string | null;
    englishLevel: string | null;
    transport: boolean;
    ownEquipment: boolean;
    equipment: string[];
  };
  experience: string | null;
  preferredAreas: string | null;
  additionalNotes: string | null;
  /** Null when the cleaner gave no bank details */
  payment: MaskedPayment | null;
  /** The pay basis form's starting values (docs/decisions/0092-pay-basis-and-other-payments.md) */
  payBasis: PayBasisValues;
  publicProfile: {
    about: string;
    workingHours: string;
    /** Dollars as typed in the form ("250" or "250.50"), "" when unset */
    pricePerDay: string;
    /** The photo column when it is a URL (not an upload), for the form */
    photoUrl: string;
  };
  source: "admin" | "application";
  jobs: CleanerJob[];
  /** Time off not yet over, soonest first; `requested`: asked for by the cleaner, not yet decided */
  timeOff: { id: string; startsOn: string; endsOn: string; requested: boolean }[];
  /** The "police check validity" setting, to say what an empty expiry means */
  policeCheckYears: number;
};
