import { policeCheckExpiry } from "~/features/cleaners/police-check";
import { DEFAULT_POLICE_CHECK_YEARS } from "~/features/settings/police-check-setting";
import { encryptField } from "~/lib/crypto.server";
import { newId } from "~/lib/ids";
import { SYDNEY_SUBURBS } from "./sydney-suburbs";
import type { CleanerRow, CleanerStatus } from "~/server/database";
import { fictionalMobile } from "./people";
import type { Random } from "./random";

// About 30 cleaners in every status (docs/product/back-office.md#statuses-and-flows), with the option lists of the admin
// form and the application wizard (docs/product/back-office.md#business-constants-and-limits), and bank details encrypted (docs/decisions/0011-encrypted-bank-details.md).

/** A cleaner's columns as the demo writes them (the database draws the roster stamp). */
type SeedCleanerRow = Omit<CleanerRow, "roster_stamp">;

export type SeedCleaner = {
  row: SeedCleanerRow;
  firstName: string;
  /** Active cleaners who can be offered jobs; pending_review applicants never are */
  assignable: boolean;
};

// [name, languages]: names chosen to match the languages the forms offer.
const PEOPLE: readonly (readonly [string, readonly string[]])[] = [
  ["Sofia Martinez", ["English", "Spanish"]],
  ["Ana Souza", ["English", "Portuguese"]],
  ["Mei Chen", ["English", "Mandarin"]],
  ["Layla Haddad", ["English", "Arabic"]],
  ["Emma Wilson", ["English"]],
  ["Lucas Silva", ["English", "Portuguese", "Spanish"]],
  ["Valentina Gomez", ["English", "Spanish"]],
  ["Li Wang", ["English", "Mandarin"]],
  ["Omar Khalil", ["English", "Arabic"]],
  ["Chloe Bennett", ["English"]],
  ["Beatriz Oliveira", ["English", "Portuguese"]],
  ["Jack Thompson", ["English"]],
  ["Xin Zhao", ["English", "Mandarin"]],
  ["Nour Saleh", ["English", "Arabic"]],
  ["Camila Rodriguez", ["English", "Spanish"]],
  ["Hannah Murphy", ["English"]],
  ["Gabriel Santos", ["English", "Portuguese"]],
  ["Priya Sharma", ["English", "Other"]],
  ["Jun Liu", ["English", "Mandarin"]],
  ["Rania Aziz", ["English", "Arabic"]],
  ["Grace O'Connor", ["English"]],
  ["Diego Fernandez", ["English", "Spanish"]],
  ["Minh Tran", ["English", "Other"]],
  ["Juliana Costa", ["English", "Portuguese"]],
  ["Ruby Campbell", ["English"]],
  ["Yan Zhou", ["English", "Mandarin"]],
  ["Karim Mansour", ["English", "Arabic", "Other"]],
  ["Lucia Torres", ["English", "Spanish"]],
  ["Anjali Patel", ["English", "Other"]],
  ["Tom Fraser", ["English"]],
];

const STATUSES: readonly CleanerStatus[] = [
  ...Array<CleanerStatus>(15).fill("available"),
  ...Array<CleanerStatus>(6).fill("busy"),
  ...Array<CleanerStatus>(3).fill("offline"),
  ...Array<CleanerStatus>(2).fill("suspended"),
  ...Array<CleanerStatus>(4).fill("pending_review"),
];

const SERVICES = ["Residential", "Commercial", "House Keeping", "End of Lease"];
const SPECIALTIES = [
  "Deep Cleaning",
  "End of Lease",
  "Regular Cleaning",
  "Organization",
  "Window Cleaning",
  "Carpet Cleaning",
];
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const AREAS = [
  "Eastern Suburbs",
  "Inner West",
  "Lower North Shore",
  "Upper North Shore",
  "Northern Beaches",
  "Sydney CBD",
  "Hills District",
  "St George",
  "Sutherland Shire",
  "Parramatta",
];
const EQUIPMENT = ["vacuum", "mop", "products", "cloths", "gloves", "scrubbers"];
const BANKS = [
  ["Commonwealth Bank", "062"],
  ["Westpac", "032"],
  ["ANZ", "012"],
  ["NAB", "082"],
  ["ING", "923"],
  ["Macquarie Bank", "182"],
] as const;
const SUPER_FUNDS = [
  "AustralianSuper",
  "Australian Retirement Trust",
  "Aware Super",
  "HESTA",
  "Hostplus",
  "Rest",
];
const FOCUS = [
  "harbourside apartments",
  "family homes",
  "heritage terraces",
  "boutique offices",
  "end-of-lease handovers",
];
const TRAITS = [
  "Clients rebook for the calm, methodical way every room is finished.",
  "Known for spotless kitchens and streak-free glass.",
  "Careful with stone benchtops, timber floors and fine fabrics.",
  "Brings a checklist to every visit and leaves nothing unticked.",
];

export function buildCleaners(random: Random, encryptionKey: string, now: Date): SeedCleaner[] {
  return PEOPLE.map(([name, languages], index) => {
    const person: Person = { name, languages, index, status: STATUSES[index]! };
    const applicant = person.status === "pending_review";
    const dice = rollCleaner(random, applicant, now);
    // The row's parts are built in column order: each draws from the one random stream in
    // turn, so the demo seed writes the same rows.
    const row: SeedCleanerRow = {
      ...workProfile(random, person, dice),
      ...vetting(random, dice),
      ...bankDetails(random, encryptionKey, person, dice),
      ...listing(random, person, dice),
      ...payBasis(person),
    };
    return { row, firstName: firstNameOf(name), assignable: !applicant && dice.withBank };
  });
}

/**
 * Every third cleaner is an employee (owed super), the rest contractors; the first employee earns
 * more for commercial work. Drawn from the position, not the random stream, so the other columns
 * stay as they were (docs/decisions/0080-pay-rules.md).
 */
function payBasis(person: Person) {
  const employee = person.index % 3 === 0;
  return {
    employment_type: employee ? ("employee" as const) : ("contractor" as const),
    pay_rate_cents: person.index === 0 ? 3400 : null,
    service_pay_rates: person.index === 0 ? JSON.stringify({ commercial: 3800 }) : null,
  };
}

type Person = {
  name: string;
  languages: readonly string[];
  index: number;
  status: CleanerStatus;
};

type CleanerDice = ReturnType<typeof rollCleaner>;

function firstNameOf(name: string) {
  return name.split(" ")[0]!;
}

function rollCleaner(random: Random, applicant: boolean, now: Date) {
  const experience = applicant
    ? random.pick(["0-1", "1-2", "2-5"])
    : random.pick(["1-2", "2-5", "2-5", "5+", "5+"]);
  const days = [...random.sample(WEEKDAYS, random.int(3, 5))];
  if (random.chance(0.5)) days.push("Saturday");
  if (random.chance(0.15)) days.push("Sunday");
  const hasAbn = random.chance(0.55);
  const hasEquipment = random.chance(0.6);
  const withBank = !applicant || random.chance(0.5);
  const [bankName, bsbPrefix] = random.pick(BANKS);
  const accountNumber = random.digits(random.pick([8, 9]));
  const createdAt = new Date(
    now.getTime() - (applicant ? random.int(1, 20) : random.int(200, 700)) * 86_400_000,
  );
  const policeCheck = !applicant || random.chance(0.7);
  return {
    applicant,
    experience,
    days,
    hasAbn,
    hasEquipment,
    withBank,
    bankName,
    bsbPrefix,
    accountNumber,
    createdAt,
    policeCheck,
  };
}

function workProfile(random: Random, person: Person, dice: CleanerDice) {
  const { name } = person;
  const { applicant } = dice;
  return {
    id: newId(),
    name,
    email: `${name
      .toLowerCase()
      .replace(/[^a-z ]/g, "")
      .replace(" ", ".")}@example.com`,
    phone: fictionalMobile(person.index),
    photo: null,
    location: random.pick(SYDNEY_SUBURBS)[0],
    services: JSON.stringify(
      applicant ? ["Residential", "Commercial"] : random.sample(SERVICES, random.int(2, 4)),
    ),
    availability: JSON.stringify(dice.days),
    languages: JSON.stringify(person.languages),
    specialties: JSON.stringify(applicant ? [] : random.sample(SPECIALTIES, random.int(2, 4))),
    status: person.status,
    // Rating, active bookings and completed jobs are filled from the seeded jobs and reviews.
    rating: 0,
    active_bookings: 0,
    completed_jobs: 0,
    preferred_areas: random.sample(AREAS, random.int(1, 3)).join(", "),
  } satisfies Partial<CleanerRow>;
}

function vetting(random: Random, dice: CleanerDice) {
  const { hasAbn, hasEquipment, policeCheck } = dice;
  const answers = {
    has_abn: hasAbn ? 1 : 0,
    abn_number: hasAbn ? validAbn(random) : null,
    has_transport: random.chance(0.7) ? 1 : 0,
    experience: dice.experience,
    additional_notes: dice.applicant
      ? random.pick([
          "Happy to take extra shifts during school holidays.",
          "Previously worked in hotel housekeeping in the CBD.",
          "Can start next week; prefer morning jobs.",
        ])
      : null,
  };
  const metadata = {
    visa_status: random.pick(["citizen", "citizen", "permanent", "student", "working_holiday"]),
    english_proficiency: random.pick(["native", "fluent", "advanced", "intermediate"]),
    has_police_check: policeCheck,
    police_check_date: policeCheck
      ? new Date(dice.createdAt.getTime() - random.int(10, 300) * 86_400_000)
          .toISOString()
          .slice(0, 10)
      : null,
    has_own_equipment: hasEquipment,
    owned_equipment: hasEquipment ? random.sample(EQUIPMENT, random.int(2, 6)) : [],
  };
  // docs/decisions/0042-who-is-free-for-a-job.md: every working cleaner has a check, at most
  // about a thousand days old, so the default three years keeps it current.
  const checkedOn = metadata.police_check_date;
  return {
    ...answers,
    additional_metadata: JSON.stringify(metadata),
    police_check_expires_on: checkedOn
      ? policeCheckExpiry(checkedOn, DEFAULT_POLICE_CHECK_YEARS)
      : null,
  } satisfies Partial<CleanerRow>;
}

function bankDetails(random: Random, encryptionKey: string, person: Person, dice: CleanerDice) {
  const { withBank, accountNumber } = dice;
  const encrypt = (value: string) => (withBank ? encryptField(encryptionKey, value) : null);
  return {
    bank_name: withBank ? dice.bankName : null,
    account_name: withBank ? person.name : null,
    bsb_encrypted: encrypt(`${dice.bsbPrefix}${random.digits(3)}`),
    account_number_encrypted: encrypt(accountNumber),
    account_last4: withBank ? accountNumber.slice(-4) : null,
    tfn_encrypted: encrypt(validTfn(random)),
    super_fund: withBank ? random.pick(SUPER_FUNDS) : null,
    super_member_number_encrypted: encrypt(random.digits(random.int(8, 10))),
  } satisfies Partial<CleanerRow>;
}

function listing(random: Random, person: Person, dice: CleanerDice) {
  const createdAt = dice.createdAt.toISOString();
  return {
    about: `${firstNameOf(person.name)} has ${experienceText(dice.experience)} of experience cleaning ${random.pick(FOCUS)}. ${random.pick(TRAITS)}`,
    working_hours: random.pick(["7am-3pm", "8am-4pm", "9am-5pm", "7am-6pm"]),
    price_per_day_cents: random.pick([5500, 6000, 6000, 6500, 7000]),
    source: dice.applicant || random.chance(0.4) ? "application" : "admin",
    // Every demo application is still open (docs/decisions/0056-application-outcomes-and-documents.md).
    application_outcome: null,
    application_outcome_reason: null,
    application_outcome_at: null,
    application_outcome_by: null,
    created_at: createdAt,
    updated_at: createdAt,
  } satisfies Partial<CleanerRow>;
}

function experienceText(band: string) {
  return {
    "0-1": "under a year",
    "1-2": "two years",
    "2-5": "several years",
    "5+": "over five years",
  }[band]!;
}

/** A 9-digit number that passes the ATO's TFN check (weights 1,4,3,7,5,8,6,9,10; sum mod 11 = 0). */
function validTfn(random: Random): string {
  const weights = [1, 4, 3, 7, 5, 8, 6, 9];
  for (;;) {
    const digits = Array.from({ length: 8 }, () => random.int(0, 9));
    const sum = digits.reduce((total, digit, i) => total + digit * weights[i]!, 0);
    // 10 is -1 mod 11, so the last digit must equal the weighted sum mod 11.
    const last = sum % 11;
    if (last < 10) return [...digits, last].join("");
  }
}

/** An 11-digit number that passes the ABR's ABN check (first digit minus one, weights, mod 89). */
function validAbn(random: Random): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const rest = Array.from({ length: 9 }, () => random.int(0, 9));
  const restSum = rest.reduce((total, digit, i) => total + digit * weights[i + 2]!, 0);
  for (let lead = 10; lead <= 99; lead++) {
    const first = Math.floor(lead / 10);
    const second = lead % 10;
    if (((first - 1) * 10 + second + restSum) % 89 === 0)
      return `${first}${second}${rest.join("")}`;
  }
  throw new Error("unreachable: the first two digits cover every remainder mod 89");
}
