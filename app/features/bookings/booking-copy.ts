// What the booking pages and emails call things. Client-safe (the pages import it).

const SERVICE_LABELS: Record<string, string> = {
  residential: "Residential cleaning",
  commercial: "Commercial cleaning",
  "post-construction": "Post-construction cleaning",
  subscription: "Subscription cleaning",
};

const LEVEL_LABELS: Record<string, string> = {
  basic: "Basic Clean",
  deep: "Deep Clean",
  premium: "Premium Clean",
};

/** "Residential cleaning, Deep Clean" */
export function serviceLabel(serviceType: string, cleaningLevel: string | null) {
  const service = SERVICE_LABELS[serviceType] ?? serviceType;
  const level = cleaningLevel ? LEVEL_LABELS[cleaningLevel] : undefined;
  return level ? `${service}, ${level}` : service;
}

const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** 45000 -> "$450.00" (docs/decisions/0009-sydney-time-and-money.md: AUD, GST included) */
export function formatPrice(cents: number) {
  return money.format(cents / 100);
}

/** 4.5 -> "4.5 hours" */
export function formatBookingHours(hours: number) {
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}
