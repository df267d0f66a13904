import { data } from "react-router";
import type { ContactActionData } from "~/components/site/contact/contact-form";
import type { AppContext } from "~/server/context";
import { readTextFields, screenPublicForm, tooManySubmissions } from "~/server/public-form.server";
import {
  CONTACT_FIELDS,
  CONTACT_TEXT,
  ContactMessageSchema,
  contactFieldErrors,
} from "./contact.schema";
import { sendContactMessage } from "./contact.service.server";

/** The contact form's submit (/contact): stores the message, or answers with what to show. */
export async function submitContactForm(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  const form = await request.formData();
  const values = readTextFields(form, CONTACT_FIELDS);
  // D8: the failure text only when the message was not stored; what they typed comes back.
  const notStored = (error: unknown) => {
    context.logger.error({ err: error }, "contact message not stored");
    return data<ContactActionData>(
      { status: "error", formError: CONTACT_TEXT.failed, values },
      { status: 503 },
    );
  };
  let screened;
  try {
    screened = await screenPublicForm(context, form);
  } catch (error) {
    return notStored(error);
  }
  if (screened === "limited") {
    return tooManySubmissions<ContactActionData>({ status: "error", values });
  }
  if (screened === "bot") return { status: "success" } satisfies ContactActionData;

  const parsed = ContactMessageSchema.safeParse(values);
  if (!parsed.success) {
    return data<ContactActionData>(
      { status: "invalid", fieldErrors: contactFieldErrors(parsed.error), values },
      { status: 400 },
    );
  }
  try {
    await sendContactMessage(context.db, parsed.data);
  } catch (error) {
    return notStored(error);
  }
  return { status: "success" } satisfies ContactActionData;
}
