import type {
  CustomersTable,
  NewAssignment,
  NewBooking,
  NewContactMessage,
  NewInvoice,
  NewPayment,
  NewPayout,
  NewQuote,
  NewReview,
} from "~/server/database";
import type { NewTransaction } from "~/features/ledger/ledger.server";
import type { SeedCleaner } from "./cleaners.server";
import type { SeedCrews } from "./crews";
import type { SeedLead } from "./leads";
import type { Random } from "./random";

/** Everything the seed writes in its one transaction, in insertion order of the foreign keys. */
export type SeedRows = {
  customers: CustomersTable[];
  quotes: NewQuote[];
  bookings: NewBooking[];
  payments: NewPayment[];
  payouts: NewPayout[];
  /** Written through the ledger module, which keeps the daily rollups */
  transactions: NewTransaction[];
  assignments: NewAssignment[];
  invoices: NewInvoice[];
  reviews: NewReview[];
  contactMessages: NewContactMessage[];
};

export function emptyRows(): SeedRows {
  return {
    customers: [],
    quotes: [],
    bookings: [],
    payments: [],
    payouts: [],
    transactions: [],
    assignments: [],
    invoices: [],
    reviews: [],
    contactMessages: [],
  };
}

/** A job a cleaner finished: the source of payouts, reviews and completed-job counts. */
export type CompletedJob = {
  cleaner: SeedCleaner;
  lead: SeedLead;
  booking: NewBooking;
  completedAt: Date;
  hours: number;
};

export type Pricing = {
  hourlyRateCents: number;
  cleanerPayRateCents: number;
  offerResponseHours: number;
};

export type SeedContext = {
  random: Random;
  now: Date;
  /** Sydney's date today */
  today: string;
  pricing: Pricing;
  cleaners: SeedCleaner[];
  staffId: string;
  rows: SeedRows;
  completedJobs: CompletedJob[];
  /** "YYYY-MM-DD HH:MM" of every slot already booked, so no two demo jobs share one */
  slotsTaken: Set<string>;
  /** Who is free and who holds which booking (docs/decisions/0060-crews-and-cleaner-holds.md) */
  crews: SeedCrews;
  customersByEmail: Map<string, CustomersTable>;
  invoiceSerial: number;
};
