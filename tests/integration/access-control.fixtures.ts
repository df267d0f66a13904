import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { createCookie } from "react-router";
import sharp from "sharp";
import { insertSession } from "~/features/auth/sessions.repository.server";
import { newSessionTimes } from "~/features/auth/sessions";
import { addCustomer as insertCustomer } from "~/features/customers/customers.test-data";
import { newId, newReference } from "~/lib/ids";
import type { Dialect } from "~/server/db.server";
import type { Database } from "~/server/database";
import { spawnSeededServerOn } from "../helpers/seeded-data-folder";
import { waitUntilListening, type ServerProcess } from "../helpers/server-process";

// The people and records the access-control suite (access-control.test.ts) visits with: two
// customers with a quote, a booking, a payment and a photo each, a member of staff and an owner.
// Everything is written the way the product leaves it (session rows hold the SHA-256 of the
// cookie's token, the cookie is signed with SESSION_SECRET), on the server's own database.

const SESSION_SECRET = randomBytes(32).toString("hex");

export type Customer = {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  quoteId: string;
  quoteReference: string;
  bookingId: string;
  bookingReference: string;
  paymentId: string;
  uploadId: string;
  photoUrl: string;
  cookie: string;
};

export type StaffMember = { id: string; email: string; cookie: string };

/** A hired cleaner signed in to their app, with one open offer of their own. */
export type AppCleaner = { id: string; cookie: string; assignmentId: string };

export type Fixtures = {
  baseUrl: string;
  customerA: Customer;
  customerB: Customer;
  staff: StaffMember;
  owner: StaffMember;
  /** A working cleaner whose public profile /provider/:id shows */
  cleanerId: string;
  /** Two cleaners signed in to the cleaner app (docs/decisions/0063-cleaner-app-sign-in.md) */
  cleanerA: AppCleaner;
  cleanerB: AppCleaner;
  db: Kysely<Database>;
};

export type AccessServer = {
  fixtures: Fixtures;
  server: ServerProcess;
  stop(): Promise<void>;
};

/** The personal data of a customer that no one else's page may carry. */
export function personalDataOf(customer: Customer) {
  return [customer.name, customer.email, customer.phone, customer.address];
}

const COOKIE_OF = { staff: "hg_session", customer: "hg_customer", cleaner: "hg_cleaner" } as const;

async function signedCookie(name: (typeof COOKIE_OF)[keyof typeof COOKIE_OF], token: string) {
  const header = await createCookie(name, { secrets: [SESSION_SECRET] }).serialize(token);
  return header.slice(0, header.indexOf(";"));
}

async function startSession(
  db: Kysely<Database>,
  kind: "staff" | "customer" | "cleaner",
  userId: string,
) {
  const token = randomBytes(32).toString("base64url");
  await insertSession(db, {
    id: createHash("sha256").update(token).digest("hex"),
    kind,
    user_id: userId,
    ...newSessionTimes(),
  });
  return signedCookie(COOKIE_OF[kind], token);
}

async function addStaff(db: Kysely<Database>, role: "staff" | "owner"): Promise<StaffMember> {
  const id = newId();
  const email = `access-${role}-${randomBytes(4).toString("hex")}@example.com`;
  const at = new Date().toISOString();
  await db
    .insertInto("staff_users")
    .values({
      id,
      email,
      name: `Access ${role}`,
      // Never signed in through the form: a session row is written instead.
      password_hash: "not-a-password-hash",
      created_at: at,
      updated_at: at,
      role,
    })
    .execute();
  return { id, email, cookie: await startSession(db, "staff", id) };
}

/** A date `days` from now, as the YYYY-MM-DD a booking keeps. */
function dateIn(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A quote photo uploaded through the API, as the wizard does, then claimed by `quoteId`. */
async function uploadPhoto(baseUrl: string, db: Kysely<Database>, quoteId: string) {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "room.png");
  const response = await fetch(`${baseUrl}/api/uploads`, {
    method: "POST",
    headers: { origin: baseUrl },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`uploading a fixture photo: ${response.status} ${await response.text()}`);
  }
  const { id, url } = (await response.json()) as { id: string; url: string };
  await db
    .updateTable("uploads")
    .set({ quote_id: quoteId, claimed_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
  return { uploadId: id, photoUrl: url };
}

async function addCustomerWithBooking(
  baseUrl: string,
  db: Kysely<Database>,
  person: { name: string; email: string; phone: string; address: string },
  days: number,
): Promise<Customer> {
  const at = new Date().toISOString();
  const id = await insertCustomer(db, person);
  const quoteId = newId();
  const quoteReference = newReference("HQ");
  await db
    .insertInto("quotes")
    .values({
      id: quoteId,
      reference: quoteReference,
      client_name: person.name,
      client_email: person.email,
      client_phone: person.phone,
      customer_id: id,
      service_type: "residential",
      space_details: JSON.stringify({ address: person.address }),
      cleaning_level: "deep",
      estimated_hours: 4,
      cleaners_needed: 1,
      hourly_rate_cents: 5000,
      total_cents: 20000,
      status: "pending_payment",
      lead_status: "qualified",
      lead_source: "website",
      created_at: at,
      updated_at: at,
    })
    .execute();
  const bookingId = newId();
  const bookingReference = newReference();
  await db
    .insertInto("bookings")
    .values({
      id: bookingId,
      reference: bookingReference,
      quote_id: quoteId,
      customer_id: id,
      scheduled_date: dateIn(days),
      time_slot: "10:00",
      address: person.address,
      status: "confirmed",
      price_cents: 20000,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const paymentId = newId();
  await db
    .insertInto("payments")
    .values({
      id: paymentId,
      quote_id: quoteId,
      booking_id: bookingId,
      amount_cents: 20000,
      payment_method: "card",
      provider: "test",
      status: "paid",
      created_at: at,
      updated_at: at,
      paid_at: at,
      idempotency_key: `booking:${bookingId}`,
    })
    .execute();
  // A weekly regular clean at the same address, so /bookings/regular has the customer's own data.
  await db
    .insertInto("recurring_series")
    .values({
      id: newId(),
      customer_id: id,
      quote_id: quoteId,
      plan: null,
      rule: "FREQ=WEEKLY;BYDAY=TH",
      starts_on: dateIn(days),
      time_slot: "10:00",
      address: person.address,
      suburb: null,
      postcode: null,
      lat: null,
      lng: null,
      visit_price_cents: 20000,
      status: "active",
      paused_until: null,
      booked_through: null,
      created_at: at,
      updated_at: at,
      cancelled_at: null,
    })
    .execute();
  const photo = await uploadPhoto(baseUrl, db, quoteId);
  return {
    id,
    ...person,
    quoteId,
    quoteReference,
    bookingId,
    bookingReference,
    paymentId,
    ...photo,
    cookie: await startSession(db, "customer", id),
  };
}

/** A working cleaner with an app session and a pending offer on `customer`'s booking. */
async function addAppCleaner(
  db: Kysely<Database>,
  cleanerId: string,
  customer: Customer,
): Promise<AppCleaner> {
  const at = new Date();
  const assignmentId = newId();
  await db
    .insertInto("assignments")
    .values({
      id: assignmentId,
      quote_id: customer.quoteId,
      booking_id: customer.bookingId,
      cleaner_id: cleanerId,
      scheduled_date: dateIn(10),
      time_slot: "10:00",
      status: "pending",
      response_deadline: new Date(at.getTime() + 3_600_000).toISOString(),
      token_hash: createHash("sha256").update(randomBytes(32)).digest("hex"),
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .execute();
  return { id: cleanerId, assignmentId, cookie: await startSession(db, "cleaner", cleanerId) };
}

/**
 * Starts the built server on `dialect` (PostgreSQL on a database of its own) and writes the
 * fixtures into its database.
 */
export async function startAccessServer(dialect: Dialect): Promise<AccessServer> {
  const { server, database } = await spawnSeededServerOn(dialect, {
    SESSION_SECRET,
    // Every kind of visitor posts from one address here; the limits have their own tests.
    RATE_LIMITS: "off",
  });
  try {
    const baseUrl = await waitUntilListening(server);
    const db = database.db;
    const unique = randomBytes(3).toString("hex");
    const customerA = await addCustomerWithBooking(
      baseUrl,
      db,
      {
        name: "Araminta Quillfeather",
        email: `araminta.${unique}@example.com`,
        phone: "0491 570 156",
        address: "17 Wombat Crescent, Bexley NSW 2207",
      },
      10,
    );
    const customerB = await addCustomerWithBooking(
      baseUrl,
      db,
      {
        name: "Bartholomew Inkwhistle",
        email: `bartholomew.${unique}@example.com`,
        phone: "0491 570 157",
        address: "4 Lyrebird Lane, Epping NSW 2121",
      },
      12,
    );
    const cleaner = await db
      .selectFrom("cleaners")
      .select("id")
      .where("status", "in", ["available", "busy", "offline"])
      .executeTakeFirstOrThrow();
    const [first, second] = await db
      .selectFrom("cleaners")
      .select("id")
      .where("status", "in", ["available", "busy"])
      .where("application_outcome", "is", null)
      .orderBy("id")
      .limit(2)
      .execute();
    const fixtures: Fixtures = {
      baseUrl,
      customerA,
      customerB,
      staff: await addStaff(db, "staff"),
      owner: await addStaff(db, "owner"),
      cleanerId: cleaner.id,
      cleanerA: await addAppCleaner(db, first!.id, customerA),
      cleanerB: await addAppCleaner(db, second!.id, customerB),
      db,
    };
    return {
      fixtures,
      server,
      stop: async () => {
        await server.cleanUp();
        await database.destroy();
      },
    };
  } catch (error) {
    await server.cleanUp();
    await database.destroy();
    throw error;
  }
}
