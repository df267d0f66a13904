import type { Migration } from "kysely";
import * as m0900 from "./2026_11_22_0900_settings";
import * as m0905 from "./2026_11_22_0905_platform";
import * as m0910 from "./2026_11_22_0910_business_data";
import * as m1000 from "./2026_11_22_1000_auth";
import * as m1400 from "./2026_11_22_1400_dashboard_indexes";
import * as m1500 from "./2026_11_22_1500_daily_rollups";
import * as m1700 from "./2026_11_22_1700_content_version";
import * as m2411_0900 from "./2026_11_24_0900_staff_roles";
import * as m2511_0800 from "./2026_11_25_0800_idempotency_keys";
import * as m2511_0900 from "./2026_11_25_0900_staff_invitations";
import * as m2511_1000 from "./2026_11_25_1000_cleaner_email_unique";
import * as m2511_1130 from "./2026_11_25_1130_delivery_banner_dismissals";
import * as m2511_1140 from "./2026_11_25_1140_lead_conversion";
import * as m2511_1200 from "./2026_11_25_1200_booking_slots";
import * as m2511_1210 from "./2026_11_25_1210_payment_idempotency";
import * as m2511_1240 from "./2026_11_25_1240_cleaner_directory_indexes";
import * as m2511_1250 from "./2026_11_25_1250_finance";
import * as m2511_1310 from "./2026_11_25_1310_leads";
import * as m2511_1410 from "./2026_11_25_1410_lead_actions";
import * as m2611_0921 from "./2026_11_26_0921_cleaner_availability";
import * as m2611_0931 from "./2026_11_26_0931_payout_adjustments";
import * as m2611_0932 from "./2026_11_26_0932_partial_refunds";
import * as m2611_0941 from "./2026_11_26_0941_refunded_payments_index";
import * as m2611_0951 from "./2026_11_26_0951_staff_password_resets";
import * as m2611_0961 from "./2026_11_26_0961_contact_inbox";
import * as m2611_0971 from "./2026_11_26_0971_unpaid_booking_hold";
import * as m2711_0830 from "./2026_11_27_0830_audit_log_keyset";
import * as m2711_0840 from "./2026_11_27_0840_application_review";
import * as m2811_0900 from "./2026_11_28_0900_crews";
import * as m2811_0920 from "./2026_11_28_0920_cleaner_sessions";
import * as m2811_0950 from "./2026_11_28_0950_admin_list_indexes";
import * as m2911_0900 from "./2026_11_29_0900_job_visits";
import * as m2911_1000 from "./2026_11_29_1000_automatic_offers";
import * as m2911_1200 from "./2026_11_29_1200_job_visit_records";
import * as m2911_1300 from "./2026_11_29_1300_time_off_requests_and_calendar_feeds";
import * as m2911_1400 from "./2026_11_29_1400_recurring_series";
import * as m2911_1500 from "./2026_11_29_1500_reminders_and_follow_ups";
import * as m2911_1600 from "./2026_11_29_1600_tips";
import * as m2911_1700 from "./2026_11_29_1700_payroll";
import * as m3011_1000 from "./2026_11_30_1000_saved_cards";
import * as m3011_1200 from "./2026_11_30_1200_pay_run_tips";
import * as m3011_1500 from "./2026_11_30_1500_booking_counts";
import * as m0112_1000 from "./2026_12_01_1000_other_payments";
import * as m0112_1100 from "./2026_12_01_1100_card_charge_alerts";
import * as m0112_1300 from "./2026_12_01_1300_margin_rollups";
import * as m0212_0900 from "./2026_12_02_0900_crew_set_off_claim";
import * as m0312_1000 from "./2026_12_03_1000_roster_stamp";
import * as m0412_1000 from "./2026_12_04_1000_generic_trigger_plans";
import * as m0412_1100 from "./2026_12_04_1100_suburb_name_index";
import * as m0412_1200 from "./2026_12_04_1200_cleaner_status_changes";

/** Every migration, in order. Append new ones; never reorder or edit a landed one. */
export const migrations: Record<string, Migration> = {
  "2026_11_22_0900_settings": m0900,
  "2026_11_22_0905_platform": m0905,
  "2026_11_22_0910_business_data": m0910,
  "2026_11_22_1000_auth": m1000,
  "2026_11_22_1400_dashboard_indexes": m1400,
  "2026_11_22_1500_daily_rollups": m1500,
  "2026_11_22_1700_content_version": m1700,
  "2026_11_24_0900_staff_roles": m2411_0900,
  "2026_11_25_0800_idempotency_keys": m2511_0800,
  "2026_11_25_0900_staff_invitations": m2511_0900,
  "2026_11_25_1000_cleaner_email_unique": m2511_1000,
  "2026_11_25_1130_delivery_banner_dismissals": m2511_1130,
  "2026_11_25_1140_lead_conversion": m2511_1140,
  "2026_11_25_1200_booking_slots": m2511_1200,
  "2026_11_25_1210_payment_idempotency": m2511_1210,
  "2026_11_25_1240_cleaner_directory_indexes": m2511_1240,
  "2026_11_25_1250_finance": m2511_1250,
  "2026_11_25_1310_leads": m2511_1310,
  "2026_11_25_1410_lead_actions": m2511_1410,
  "2026_11_26_0921_cleaner_availability": m2611_0921,
  "2026_11_26_0931_payout_adjustments": m2611_0931,
  "2026_11_26_0932_partial_refunds": m2611_0932,
  "2026_11_26_0941_refunded_payments_index": m2611_0941,
  "2026_11_26_0951_staff_password_resets": m2611_0951,
  "2026_11_26_0961_contact_inbox": m2611_0961,
  "2026_11_26_0971_unpaid_booking_hold": m2611_0971,
  "2026_11_27_0830_audit_log_keyset": m2711_0830,
  "2026_11_27_0840_application_review": m2711_0840,
  "2026_11_28_0900_crews": m2811_0900,
  "2026_11_28_0920_cleaner_sessions": m2811_0920,
  "2026_11_28_0950_admin_list_indexes": m2811_0950,
  "2026_11_29_0900_job_visits": m2911_0900,
  "2026_11_29_1000_automatic_offers": m2911_1000,
  "2026_11_29_1200_job_visit_records": m2911_1200,
  "2026_11_29_1300_time_off_requests_and_calendar_feeds": m2911_1300,
  "2026_11_29_1400_recurring_series": m2911_1400,
  "2026_11_29_1500_reminders_and_follow_ups": m2911_1500,
  "2026_11_29_1600_tips": m2911_1600,
  "2026_11_29_1700_payroll": m2911_1700,
  "2026_11_30_1000_saved_cards": m3011_1000,
  "2026_11_30_1200_pay_run_tips": m3011_1200,
  "2026_11_30_1500_booking_counts": m3011_1500,
  "2026_12_01_1000_other_payments": m0112_1000,
  "2026_12_01_1100_card_charge_alerts": m0112_1100,
  "2026_12_01_1300_margin_rollups": m0112_1300,
  "2026_12_02_0900_crew_set_off_claim": m0212_0900,
  "2026_12_03_1000_roster_stamp": m0312_1000,
  "2026_12_04_1000_generic_trigger_plans": m0412_1000,
  "2026_12_04_1100_suburb_name_index": m0412_1100,
  "2026_12_04_1200_cleaner_status_changes": m0412_1200,
};
