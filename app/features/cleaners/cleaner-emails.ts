// The emails an applicant receives when staff decide (docs/product/back-office.md#statuses-and-flows):
// pending_review -> available is an acceptance; declining the application
// (docs/decisions/0056-application-outcomes-and-documents.md) sends a courteous no whose
// words are a setting. Sent through the outbox in the decision's transaction
// (docs/decisions/0017-outbound-email.md).

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function welcomeEmail(name: string, business: string) {
  return {
    subject: `Welcome to the ${business} team`,
    heading: `Welcome to the team, ${firstName(name)}!`,
    paragraphs: [
      `Thank you for applying to join ${business}. We have reviewed your application and are delighted to welcome you to the team.`,
      "We will be in touch shortly about your first jobs. Your profile is now active, so we can start offering you work that suits your availability.",
      "If anything in your details has changed since you applied, just reply to this email.",
    ],
  };
}

/** The decline email around the owner's words (the setting's paragraphs). */
export function declineEmail(name: string, business: string, paragraphs: string[]) {
  return {
    subject: `Your application to ${business}`,
    heading: `Thank you, ${firstName(name)}`,
    paragraphs,
  };
}
