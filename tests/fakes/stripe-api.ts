import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the Stripe API, over real HTTP on 127.0.0.1, for the parts the payments feature
 * calls: create and retrieve a Checkout Session (payment or setup mode), create a refund, create
 * a customer, read a SetupIntent, detach a payment method, and create a PaymentIntent with
 * off_session and confirm. It keeps Stripe's idempotency (a repeated Idempotency-Key gets the
 * first answer) and records every request, so tests see what the official SDK sent.
 * `completeSession` plays the customer paying on Stripe's page; `completeSetupSession` plays
 * them saving one of Stripe's test cards there (see `SavedTestCard` for how each then charges).
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
  payment_intent: string | null;
  setup_intent: string | null;
  customer: string | null;
  payment_status: "unpaid" | "paid" | "no_payment_required";
  status: "open" | "complete";
  success_url: string;
  cancel_url: string;
};

/**
 * Stripe's test cards for saved cards: visa (4242) is charged after the clean;
 * chargeCustomerFail (0341) saves but every charge is declined (`card_declined`);
 * authenticationRequired (3184) needs its holder for every charge (`authentication_required`).
 */
export type SavedTestCard = "visa" | "chargeCustomerFail" | "authenticationRequired";

const SAVED_TEST_CARDS: Record<SavedTestCard, { last4: string }> = {
  visa: { last4: "4242" },
  chargeCustomerFail: { last4: "0341" },
  authenticationRequired: { last4: "3184" },
};

export type FakePaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  behaviour: SavedTestCard;
};

/** A PaymentIntent the fake created: only the successful ones took money. */
export type FakePaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: "succeeded" | "requires_payment_method" | "requires_action";
  off_session: boolean;
  idempotencyKey: string | undefined;
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
  paymentMethods: Map<string, FakePaymentMethod>;
  /** Every PaymentIntent made, once per idempotency key (a repeated key is answered, not made) */
  paymentIntents: FakePaymentIntent[];
  completeSession(id: string): FakeSession;
  /** The customer saves `card` on a setup-mode session's page; its payment method id */
  completeSetupSession(id: string, card: SavedTestCard): string;
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

type Answer = { status: number; body: unknown };

const notFound = (message: string): Answer => ({
  status: 404,
  body: { error: { type: "invalid_request_error", message } },
});

/** Stripe's 402 for a card that cannot be charged, with the PaymentIntent it left behind. */
const cardError = (code: string, intent: FakePaymentIntent): Answer => ({
  status: 402,
  body: {
    error: {
      type: "card_error",
      code,
      decline_code: code === "card_declined" ? "generic_decline" : undefined,
      message:
        code === "card_declined"
          ? "Your card was declined."
          : "This payment requires authentication by the cardholder.",
      payment_intent: intent,
    },
  },
});

type State = {
  sessions: Map<string, FakeSession>;
  refunds: FakeStripe["refunds"];
  paymentMethods: Map<string, FakePaymentMethod>;
  paymentIntents: FakePaymentIntent[];
  setupIntents: Map<string, { id: string; payment_method: string | null; customer: string | null }>;
};

function createSession(state: State, form: URLSearchParams): Answer {
  const mode = form.get("mode") ?? "";
  const unitAmount = Number(form.get("line_items[0][price_data][unit_amount]"));
  const quantity = Number(form.get("line_items[0][quantity]") ?? 1);
  const setup = mode === "setup";
  const session: FakeSession = {
    id: id("cs_test"),
    object: "checkout.session",
    mode,
    url: "",
    amount_total: setup ? 0 : unitAmount * quantity,
    currency: setup
      ? (form.get("currency") ?? "")
      : (form.get("line_items[0][price_data][currency]") ?? ""),
    client_reference_id: form.get("client_reference_id"),
    customer_email: form.get("customer_email"),
    metadata: entriesUnder(form, "metadata"),
    payment_intent: setup ? null : id("pi"),
    setup_intent: setup ? id("seti") : null,
    customer: form.get("customer"),
    payment_status: setup ? "no_payment_required" : "unpaid",
    status: "open",
    success_url: form.get("success_url") ?? "",
    cancel_url: form.get("cancel_url") ?? "",
  };
  session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
  state.sessions.set(session.id, session);
  if (session.setup_intent) {
    state.setupIntents.set(session.setup_intent, {
      id: session.setup_intent,
      payment_method: null,
      customer: session.customer,
    });
  }
  return { status: 200, body: session };
}

function retrieveSetupIntent(state: State, intentId: string, form: URLSearchParams): Answer {
  const intent = state.setupIntents.get(intentId);
  if (!intent) return notFound("No such setup_intent");
  const expand = [...form.entries()].some(
    ([key, value]) => key.startsWith("expand") && value === "payment_method",
  );
  const method = intent.payment_method ? state.paymentMethods.get(intent.payment_method) : null;
  return {
    status: 200,
    body: {
      id: intent.id,
      object: "setup_intent",
      customer: intent.customer,
      status: method ? "succeeded" : "requires_payment_method",
      usage: "off_session",
      payment_method: expand && method ? method : (intent.payment_method ?? null),
    },
  };
}

function createPaymentIntent(
  state: State,
  form: URLSearchParams,
  idempotencyKey: string | undefined,
): Answer {
  const method = state.paymentMethods.get(form.get("payment_method") ?? "");
  const offSession = form.get("off_session") === "true";
  if (!method || method.customer === null || method.customer !== form.get("customer")) {
    return notFound("No such PaymentMethod for this customer");
  }
  if (!offSession || form.get("confirm") !== "true") {
    return notFound("The fake takes only off_session charges confirmed at once");
  }
  const status =
    method.behaviour === "visa"
      ? "succeeded"
      : method.behaviour === "authenticationRequired"
        ? "requires_action"
        : "requires_payment_method";
  const intent: FakePaymentIntent = {
    id: id("pi"),
    object: "payment_intent",
    amount: Number(form.get("amount")),
    currency: form.get("currency") ?? "",
    customer: method.customer,
    payment_method: method.id,
    status,
    off_session: offSession,
    idempotencyKey,
  };
  state.paymentIntents.push(intent);
  if (status === "succeeded") return { status: 200, body: intent };
  return cardError(
    status === "requires_action" ? "authentication_required" : "card_declined",
    intent,
  );
}

function route(
  state: State,
  request: { method: string; path: string; form: URLSearchParams; key: string | undefined },
): Answer {
  const { method, path, form } = request;
  if (method === "POST" && path === "/v1/checkout/sessions") return createSession(state, form);
  const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
  if (method === "GET" && retrieve) {
    const session = state.sessions.get(retrieve[1]!);
    return session ? { status: 200, body: session } : notFound("No such session");
  }
  const setupIntent = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
  if (method === "GET" && setupIntent) return retrieveSetupIntent(state, setupIntent[1]!, form);
  if (method === "POST" && path === "/v1/customers") {
    return { status: 200, body: { id: id("cus"), object: "customer", email: form.get("email") } };
  }
  const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
  if (method === "POST" && detach) {
    const found = state.paymentMethods.get(detach[1]!);
    if (!found || found.customer === null) return notFound("The payment method is not attached");
    found.customer = null;
    return { status: 200, body: found };
  }
  if (method === "POST" && path === "/v1/payment_intents") {
    return createPaymentIntent(state, form, request.key);
  }
  if (method === "POST" && path === "/v1/refunds") {
    const refund = {
      id: id("re"),
      object: "refund",
      status: "succeeded",
      payment_intent: form.get("payment_intent") ?? "",
      amount: form.has("amount") ? Number(form.get("amount")) : null,
    };
    state.refunds.push(refund);
    return { status: 200, body: refund };
  }
  return notFound(`No route ${method} ${path}`);
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const state: State = {
    sessions: new Map(),
    refunds: [],
    paymentMethods: new Map(),
    paymentIntents: [],
    setupIntents: new Map(),
  };
  const answered = new Map<string, Answer>();

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const form = new URLSearchParams(
      request.method === "GET" ? url.search : await readBody(request),
    );
    const header = request.headers["idempotency-key"];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    const method = request.method ?? "";
    requests.push({
      method,
      path: url.pathname,
      idempotencyKey,
      authorization: request.headers.authorization,
      form,
    });
    const key = idempotencyKey ? `${url.pathname}|${idempotencyKey}` : undefined;
    const answer =
      (key && answered.get(key)) ||
      route(state, { method, path: url.pathname, form, key: idempotencyKey });
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
    sessions: state.sessions,
    refunds: state.refunds,
    paymentMethods: state.paymentMethods,
    paymentIntents: state.paymentIntents,
    completeSession(sessionId) {
      const session = state.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.payment_status = "paid";
      session.status = "complete";
      return session;
    },
    completeSetupSession(sessionId, card) {
      const session = state.sessions.get(sessionId);
      const intent = session?.setup_intent ? state.setupIntents.get(session.setup_intent) : null;
      if (!session || !intent) throw new Error(`no setup session ${sessionId}`);
      const method: FakePaymentMethod = {
        id: id("pm"),
        object: "payment_method",
        type: "card",
        customer: session.customer,
        card: {
          brand: "visa",
          last4: SAVED_TEST_CARDS[card].last4,
          exp_month: 12,
          exp_year: new Date().getFullYear() + 3,
        },
        behaviour: card,
      };
      state.paymentMethods.set(method.id, method);
      intent.payment_method = method.id;
      session.status = "complete";
      return method.id;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
