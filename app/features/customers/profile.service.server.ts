import type { Kysely } from "kysely";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { ProfileDetailsSchema } from "./customer-account.schema";
import {
  findCustomerById,
  findLatestBookingAddress,
  updateCustomerDetails,
} from "./customers.repository.server";
import { bookingAddressLine } from "~/lib/booking-address";

// The signed-in customer's profile (docs/product/public-site.md#mobile-profile, docs/decisions/0012-real-customer-data.md).

export type CustomerProfile = {
  name: string | null;
  email: string;
  phone: string | null;
  /** The latest booking's address, or null before the first booking */
  savedAddress: string | null;
};

export async function getCustomerProfile(
  db: Kysely<Database>,
  customerId: string,
): Promise<CustomerProfile | null> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) return null;
  const latest = await findLatestBookingAddress(db, customerId);
  return {
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    savedAddress: latest ? bookingAddressLine(latest) : null,
  };
}

/** Saves the name and phone from the Profile details form, parsed again here. */
export async function updateCustomerProfile(
  db: Kysely<Database>,
  customerId: string,
  form: FormData,
  now = new Date(),
) {
  const parsed = parseForm(form, ProfileDetailsSchema);
  if (!parsed.ok) return parsed;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await updateCustomerDetails(trx, customerId, { ...parsed.value, updated_at: at });
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "customer",
      actor_id: customerId,
      action: "customer.details_changed",
      subject_type: "customer",
      subject_id: customerId,
      created_at: at,
    });
  });
  return parsed;
}
