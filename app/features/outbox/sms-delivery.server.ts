import type { TwilioSettings } from "~/server/config.server";
import type { AttemptResult, DeliveryOutcome, SmsPayload } from "./outbox.schema";

// Texts through Twilio's REST API with fetch (docs/decisions/0076-sms-beside-email.md): one POST
// to the Messages resource per text, no SDK. TWILIO_API_URL points it at the tests' fake Twilio.

export type OutgoingSms = { payload: SmsPayload; now: () => Date; signal: AbortSignal };

export type Texter = { send(message: OutgoingSms): Promise<DeliveryOutcome> };

export function createTexter(twilio: TwilioSettings, timeoutMs: number): Texter {
  const url = `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`;
  return {
    async send({ payload, now, signal }) {
      const attemptedAt = now().toISOString();
      const started = performance.now();
      const result = (
        outcome: DeliveryOutcome["outcome"],
        statusCode: number | null,
        error: string | null,
      ): DeliveryOutcome => {
        const attempt: AttemptResult = {
          target: "twilio",
          outcome: outcome === "delivered" ? "delivered" : "failed",
          statusCode,
          error,
          attemptedAt,
          durationMs: Math.round(performance.now() - started),
        };
        return { outcome, attempts: [attempt], error, statusCode };
      };
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: new URLSearchParams({ To: payload.to, From: twilio.from, Body: payload.body }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        });
        if (response.ok) return result("delivered", response.status, null);
        const error = `Twilio answered ${response.status}: ${await twilioMessage(response)}`;
        // A refusal of the text itself (a number that cannot take texts, one that replied STOP)
        // cannot be mended by trying again; a busy or failing Twilio can.
        const permanent =
          response.status >= 400 && response.status < 500 && response.status !== 429;
        return result(permanent ? "invalid" : "failed", response.status, error);
      } catch (cause) {
        if (signal.aborted) return result("aborted", null, "stopped");
        return result("failed", null, `SMS failed: ${(cause as Error).message}`);
      }
    },
  };
}

/** Twilio's own words for a refusal ({ code, message }), without the number it names. */
async function twilioMessage(response: Response) {
  const body = (await response.json().catch(() => null)) as {
    code?: number;
    message?: string;
  } | null;
  const text = [body?.code, body?.message].filter(Boolean).join(" ") || response.statusText;
  return text.replace(/\+?\d[\d\s]{7,}\d/g, "[number]").slice(0, 300);
}
