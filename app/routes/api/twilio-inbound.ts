import { receiveTwilioReply } from "~/features/sms/twilio-inbound.service.server";
import { isFormRequest, notAForm } from "~/lib/http.server";
import type { Route } from "./+types/twilio-inbound";

// POST /api/twilio/inbound (docs/decisions/0076-sms-beside-email.md): Twilio forwards replies to
// our texts here. Checked by its signature (X-Twilio-Signature), never by a session: a reply of
// STOP opts the number out. The answer is empty TwiML, so Twilio sends nothing back itself.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST." }, { status: 405, headers: { allow: "POST" } });
  }
  if (!isFormRequest(request)) return notAForm();
  const body = new URLSearchParams(await request.text());
  const result = await receiveTwilioReply(
    context.db,
    { params: [...body.entries()], signature: request.headers.get("x-twilio-signature") },
    context.config,
  );
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', {
    headers: { "content-type": "text/xml; charset=utf-8" },
  });
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { allow: "POST" } });
}
