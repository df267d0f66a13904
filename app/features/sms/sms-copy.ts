// The profile's words about texts (docs/decisions/0076-sms-beside-email.md).

export const SMS_CHOICE_TEXT = {
  heading: "Text messages",
  label: "Text me a reminder before each clean",
  hint: (phone: string) => `To ${phone}. You can also reply STOP to any text.`,
  save: "Save text messages",
  saving: "Saving...",
  savedOn: "Saved. We will text you reminders.",
  savedOff: "Saved. We will not text you.",
} as const;

export const SMS_CHOICE_PATH = "/profile/text-messages";
