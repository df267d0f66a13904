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

/** The booking form's SMS opt-in (docs/decisions/0076-sms-beside-email.md): off unless ticked. */
export const SMS_OPT_IN_FIELD = "smsOptIn";
export const SMS_OPT_IN_TEXT = {
  label: "Text me a reminder before each clean",
  hint: "To the mobile on your quote. Reply STOP at any time to stop texts.",
} as const;
