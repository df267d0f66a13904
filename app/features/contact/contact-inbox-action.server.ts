import { data } from "react-router";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { CONTACT_INBOX_TEXT, type ContactStatusAnswer } from "./contact-inbox";
import { changeContactMessageStatus } from "./contact-inbox.service.server";

// The inbox's one post (docs/product/back-office.md#contact-messages): Mark handled or Reopen. The route
// has checked leads.manage. A refusal answers its failure's status with the reason beside the
// message it was about.

export async function contactInboxAction(
  form: FormData,
  context: Pick<AppContext, "db" | "clientIp">,
  staffId: string,
) {
  const id = String(form.get("id") ?? "");
  const result = await changeContactMessageStatus(context.db, form, {
    staffId,
    ip: context.clientIp,
  });
  if (!result.ok) {
    return data<ContactStatusAnswer>(
      { id, error: result.message, toast: { tone: "failed", title: result.message } },
      { status: failureStatus(result.kind) },
    );
  }
  const title =
    result.status === "handled" ? CONTACT_INBOX_TEXT.handled : CONTACT_INBOX_TEXT.reopened;
  return data<ContactStatusAnswer>({ id, toast: { tone: "saved", title } });
}
