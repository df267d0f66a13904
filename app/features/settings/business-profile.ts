import { z } from "zod";

export const OpeningHoursSchema = z.array(
  z.object({ days: z.string().min(1), hours: z.string().min(1) }),
);

/** The business's own facts, edited in the settings screen and read live by every page and rule. */
export const BusinessProfileSchema = z.object({
  name: z.string().trim().min(1, "Business name is required"),
  phone: z.string().trim().min(6, "Phone is required"),
  email: z.email("Enter a valid email address"),
  address: z.string().trim().min(1, "Address is required"),
  abn: z
    .string()
    .trim()
    .refine((value) => /^\d{11}$/.test(value.replace(/\s/g, "")), "ABN must be exactly 11 digits"),
  openingHours: OpeningHoursSchema,
  hourlyRateCents: z.number().int().positive(),
  chatLink: z.url(),
  bookingsPerSlot: z.number().int().min(1).max(50),
  cleanerPayRateCents: z.number().int().positive(),
  offerResponseHours: z.number().int().min(1).max(168),
});

export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const DEFAULT_BUSINESS_PROFILE: BusinessProfile = {
  name: "Harbour & Gold Cleaning",
  // 02 5550 xxxx is the range ACMA sets aside for fiction and demos.
  phone: "(02) 5550 1234",
  email: "hello@harbourandgold.com.au",
  address: "Level 3, 88 George Street, The Rocks NSW 2000",
  abn: "51 824 753 556",
  // spec public-site 1: Monday to Friday 7am-6pm, Saturday 8am-4pm, Sunday closed
  openingHours: [
    { days: "Mon-Fri", hours: "7am-6pm" },
    { days: "Sat", hours: "8am-4pm" },
    { days: "Sun", hours: "Closed" },
  ],
  // spec public-site 9 and D3: one hourly rate, $50
  hourlyRateCents: 5000,
  chatLink: "https://wa.me/61255501234",
  bookingsPerSlot: 3,
  cleanerPayRateCents: 3200,
  offerResponseHours: 24,
};

/** "(02) 5550 1234" -> "+61255501234", for tel: links. */
export function phoneHref(phone: string) {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  return `tel:+61${digits.replace(/^0/, "")}`;
}
