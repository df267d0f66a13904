import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the Stripe API, over real HTTP on 127.0.0.1, for the parts the payments feature
 * calls: create and retrieve a Checkout Session, create a refund. It keeps Stripe's idempotency
 * (a repeated Idempotency-Key gets the first answer) and records every request, so tests see
 * what the official SDK sent. `completeSession` plays the customer paying on Stripe's page.
 */
export type FakeSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete";
  success_url: string;
  cancel_url: string;
};

export type FakeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
};

export type FakeStripe = {
  host: string;
  port: number;
  protocol: "http";
  requests: FakeRequest[];
  sessions: Map<string, FakeSession>;
  /** `amount` is what the request asked for (null: the whole charge) */
  refunds: Array<{ id: string; payment_intent: string; amount: number | null }>;
  completeSession(id: string): FakeSession;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

/** The form's `prefix[key]` entries as an object (Stripe encodes metadata that way). */
function entriesUnder(form: URLSearchParams, prefix: string) {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`)) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeStripe["refunds"] = [];
  const answered = new Map<string, { status: number; body: unknown }>();

  function route(method: string, path: string, form: URLSearchParams) {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const unitAmount = Number(form.get("line_items[0][price_data][unit_amount]"));
      const quantity = Number(form.get("line_items[0][quantity]") ?? 1);
      const session: FakeSession = {
        id: id("cs_test"),
        object: "checkout.session",
        mode: form.get("mode") ?? "",
        url: "",
        amount_total: unitAmount * quantity,
        currency: form.get("line_items[0][price_data][currency]") ?? "",
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata: entriesUnder(form, "metadata"),
        payment_intent: id("pi"),
        payment_status: "unpaid",
        status: "open",
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      const session = sessions.get(retrieve[1]!);
      return session
        ? { status: 200, body: session }
        : {
            status: 404,
            body: { error: { type: "invalid_request_error", message: "No such session" } },
          };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const refund = {
        id: id("re"),
        object: "refund",
        status: "succeeded",
        payment_intent: form.get("payment_intent") ?? "",
        amount: form.has("amount") ? Number(form.get("amount")) : null,
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `No route ${method} ${path}` } },
    };
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const form = new URLSearchParams(
      request.method === "GET" ? url.search : await readBody(request),
    );
    const header = request.headers["idempotency-key"];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    requests.push({
      method: request.method ?? "",
      path: url.pathname,
      idempotencyKey,
      authorization: request.headers.authorization,
      form,
    });
    const key = idempotencyKey ? `${url.pathname}|${idempotencyKey}` : undefined;
    const answer = (key && answered.get(key)) || route(request.method ?? "", url.pathname, form);
    if (key) answered.set(key, answer);
    response.writeHead(answer.status, {
      "content-type": "application/json",
      "request-id": id("req"),
    });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: "127.0.0.1",
    port,
    protocol: "http",
    requests,
    sessions,
    refunds,
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.payment_status = "paid";
      session.status = "complete";
      return session;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
