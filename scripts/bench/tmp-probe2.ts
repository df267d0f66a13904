import { createDatabase } from "~/server/db.server";
import { loadCleanerCalendars, crewAvailability } from "~/features/availability/availability.service.server";
import { monthAvailability } from "~/features/bookings/bookings.service.server";
const database = createDatabase(process.argv[2]!);
const db = database.db;
try { await db.insertInto("quotes").values({ id: "bq", reference: "HG-BENCHAVAIL", client_name: "x", client_email: "x@x.x", client_phone: null, customer_id: null, service_type: "residential", space_details: "{}", cleaning_level: "deep", estimated_hours: 8, cleaners_needed: 2, hourly_rate_cents: 5000, total_cents: 40000, status: "pending", lead_status: "new", scheduled_date: null, notes: null, preferred_cleaner_id: null, created_at: "x", updated_at: "x", deleted_at: null, staff_notes: null } as never).execute(); } catch {}
const cpu = async (label: string, f: () => Promise<unknown>) => { for (let i=0;i<3;i++) await f(); const c = process.cpuUsage(); const s = performance.now(); for (let i=0;i<30;i++) await f(); const u = process.cpuUsage(c); console.log(label.padEnd(24), "wall", ((performance.now()-s)/30).toFixed(2), "cpu", ((u.user+u.system)/1000/30).toFixed(2), "ms"); };
const range = { from: "2027-03-01", to: "2027-03-31" };
for (let r = 0; r < 2; r++) {
  await cpu("calendars with bookings", () => loadCleanerCalendars(db, range));
  await cpu("calendars spans only", () => loadCleanerCalendars(db, range, { withBookings: false }));
  await cpu("month", async () => { const a = await monthAvailability(db, "HG-BENCHAVAIL", "2027-03", new Date()); if (!a) throw new Error("null"); });
}
