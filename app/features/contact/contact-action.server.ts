import type { AppContext } from "~/server/context";
import { submitPublicForm } from "~/server/public-form.server";
import { CONTACT_FIELDS, CONTACT_TEXT } from "./contact-form-text";
import { ContactMessageSchema } from "./contact.schema";
import { sendContactMessage } from "./contact.service.server";

/** The contact form's submit (/contact): stores the message, or answers with what to show. */
export function submitContactForm(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  return submitPublicForm(request, context, {
    fields: CONTACT_FIELDS,
    schema: ContactMessageSchema,
    failedText: CONTACT_TEXT.failed,
    logAs: "contact message",
    botAnswer: () => ({ status: "success" }) as const,
    store: async (message) => {
      await sendContactMessage(context.db, message, { publicUrl: context.config.publicUrl });
      return { status: "success" } as const;
    },
  });
}
