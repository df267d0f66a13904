import { describe, expect, test } from "vitest";
import { firstErrorPerField } from "~/lib/field-errors";
import { DEFAULT_BUSINESS_PROFILE } from "./business-profile";
import {
  ABN_CHECK_MESSAGE,
  BusinessProfileFormSchema,
  IntegrationsFormSchema,
  NotificationsFormSchema,
  profileFormValues,
} from "./settings.schema";

const form = profileFormValues(DEFAULT_BUSINESS_PROFILE);

describe("the business profile form", () => {
  test("the default profile round-trips through the form unchanged", () => {
    expect(BusinessProfileFormSchema.parse(form)).toEqual(DEFAULT_BUSINESS_PROFILE);
  });

  test("money is typed in dollars and stored as cents", () => {
    const parsed = BusinessProfileFormSchema.parse({
      ...form,
      hourlyRate: "$52.5",
      cleanerPayRate: "33",
    });
    expect(parsed.hourlyRateCents).toBe(5250);
    expect(parsed.cleanerPayRateCents).toBe(3300);
  });

  test("an ABN that is not 11 digits, and other slips, get a message each beside their field", () => {
    const result = BusinessProfileFormSchema.safeParse({
      ...form,
      abn: "1234",
      hourlyRate: "fifty",
      whatsappNumber: "(02) 5550 1234",
      openingHours: "Mon-Fri 7am-6pm",
      travelMinutes: "181",
    });
    expect(result.success).toBe(false);
    expect(firstErrorPerField(result.error!)).toEqual({
      abn: "ABN must be exactly 11 digits",
      hourlyRate: "Enter the hourly rate in dollars, like 50 or 52.50",
      whatsappNumber: "Enter an Australian mobile number, like 0412 345 678, or leave it blank",
      openingHours: "Write one line per day or range, like Mon-Fri: 7am-6pm or Sun: Closed",
      travelMinutes: "The travel time between jobs must be a whole number from 0 to 180",
    });
  });

  test("a WhatsApp number is an Australian mobile or blank; postcodes and ranges make the area", () => {
    const parsed = BusinessProfileFormSchema.parse({
      ...form,
      whatsappNumber: "+61 412 345 678",
      serviceAreaPostcodes: "2000, 2010-2012\n2088",
    });
    expect(parsed.whatsappNumber).toBe("+61 412 345 678");
    expect(parsed.serviceAreaPostcodes).toEqual(["2000", "2010", "2011", "2012", "2088"]);
    const blank = BusinessProfileFormSchema.parse({
      ...form,
      whatsappNumber: "",
      serviceAreaPostcodes: "",
    });
    expect(blank).toMatchObject({ whatsappNumber: "", serviceAreaPostcodes: [] });
    const wrong = BusinessProfileFormSchema.safeParse({
      ...form,
      whatsappNumber: "0412 345",
      serviceAreaPostcodes: "Bondi",
    });
    expect(firstErrorPerField(wrong.error!)).toEqual({
      whatsappNumber: "Enter an Australian mobile number, like 0412 345 678, or leave it blank",
      serviceAreaPostcodes:
        "Write four-digit postcodes or ranges separated by commas, like 2000, 2010-2020, or leave it blank",
    });
  });

  test("an ABN of letters is refused even at 11 characters; spaces are forgiven", () => {
    expect(BusinessProfileFormSchema.safeParse({ ...form, abn: "abcdefghijk" }).success).toBe(
      false,
    );
    expect(BusinessProfileFormSchema.safeParse({ ...form, abn: "51824753556" }).success).toBe(true);
  });

  test("an ABN with a mistyped digit fails the ATO's check beside its field, with one message", () => {
    // 51 824 753 556 is valid; changing its last digit breaks the checksum.
    const result = BusinessProfileFormSchema.safeParse({ ...form, abn: "51 824 753 557" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["abn", ABN_CHECK_MESSAGE],
    ]);
    const short = BusinessProfileFormSchema.safeParse({ ...form, abn: "1234" });
    expect(short.error!.issues.map((issue) => issue.message)).toEqual([
      "ABN must be exactly 11 digits",
    ]);
    expect(BusinessProfileFormSchema.safeParse({ ...form, abn: "53 004 085 616" }).success).toBe(
      true,
    );
  });

  test("opening hours are one line per day or range, and the week they give is what bookings fit in", () => {
    const parsed = BusinessProfileFormSchema.parse({
      ...form,
      openingHours: "Mon-Fri: 7:30am-6pm\n\nSat: 8am-12:30pm\nSun: Closed\n",
    });
    expect(parsed.weeklyHours).toMatchObject({
      mon: { open: "07:30", close: "18:00" },
      fri: { open: "07:30", close: "18:00" },
      sat: { open: "08:00", close: "12:30" },
      sun: null,
    });
    expect(profileFormValues(parsed).openingHours).toBe(
      "Mon-Fri: 7:30am-6pm\nSat: 8am-12:30pm\nSun: Closed",
    );
  });

  test.each([
    [
      "Mon-Fri: 6pm-7am\nSat-Sun: Closed",
      "Each day must open before it closes, like Mon-Fri: 7am-6pm",
    ],
    [
      "Mon-Fri: 7:15am-6pm\nSat-Sun: Closed",
      "Opening hours go by whole or half hours, like 7am or 7:30am",
    ],
    ["Mon-Fri: 7am-6pm\nSat: 8am-4pm", "Give the hours of every day: Sun is missing"],
    ["Mon-Sun: 7am-6pm\nSun: Closed", "Sun is listed twice; give each day once"],
  ])("hours %j are refused beside the field", (openingHours, message) => {
    const result = BusinessProfileFormSchema.safeParse({ ...form, openingHours });
    expect(firstErrorPerField(result.error!)).toEqual({ openingHours: message });
  });

  test("closed dates are one a line with an optional name, kept in date order", () => {
    const parsed = BusinessProfileFormSchema.parse({
      ...form,
      closedDates: "2026-12-26 Boxing Day\n2026-12-25 Christmas Day\n2027-01-26",
    });
    expect(parsed.closedDates).toEqual([
      { date: "2026-12-25", label: "Christmas Day" },
      { date: "2026-12-26", label: "Boxing Day" },
      { date: "2027-01-26", label: "" },
    ]);
    const wrong = BusinessProfileFormSchema.safeParse({ ...form, closedDates: "25/12/2026" });
    expect(firstErrorPerField(wrong.error!)).toEqual({
      closedDates: "Write one date per line, like 2026-12-25 Christmas Day, or leave it blank",
    });
  });
});

describe("the notification and integration forms", () => {
  test("an unticked checkbox is absent from the form and means off", () => {
    expect(NotificationsFormSchema.parse({})).toEqual({ email: false, sms: false });
    expect(NotificationsFormSchema.parse({ emailNotifications: "on" })).toEqual({
      email: true,
      sms: false,
    });
  });

  test("webhook URLs may be blank or a web address; the tag must look like a tag", () => {
    expect(
      IntegrationsFormSchema.safeParse({
        webhookProductionUrl: "",
        webhookTestUrl: " https://hooks.example/test ",
        analyticsTagId: "G-ABC123XYZ",
      }).data,
    ).toEqual({
      webhookProductionUrl: "",
      webhookTestUrl: "https://hooks.example/test",
      analyticsTagId: "G-ABC123XYZ",
    });
    const bad = IntegrationsFormSchema.safeParse({
      webhookProductionUrl: "javascript:alert(1)",
      webhookTestUrl: "hooks.example",
      analyticsTagId: "<script>",
    });
    expect(Object.keys(firstErrorPerField(bad.error!))).toEqual([
      "webhookProductionUrl",
      "webhookTestUrl",
      "analyticsTagId",
    ]);
  });
});
