import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Twilio's Messages API over real HTTP on 127.0.0.1
 * (docs/decisions/0076-sms-beside-email.md): POST /2010-04-01/Accounts/{sid}/Messages.json with
 * Basic auth and a form of To, From and Body. It keeps every text it accepted, and answers a
 * number listed in `refuse` as Twilio answers a number that replied STOP (400, code 21610).
 */
export type FakeText = { to: string; from: string; body: string };

export type FakeTwilio = {
  url: string;
  texts: FakeText[];
  /** Numbers Twilio refuses to text. */
  refuse: Set<string>;
  /** Answer the next request with this status (a Twilio outage). */
  failNext(status: number): void;
  close(): Promise<void>;
};

export async function startFakeTwilio(account: {
  sid: string;
  token: string;
}): Promise<FakeTwilio> {
  const texts: FakeText[] = [];
  const refuse = new Set<string>();
  let failure: number | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString("base64")}`;

  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const answer = (status: number, json: object) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(json));
      };
      if (failure !== null) {
        const status = failure;
        failure = null;
        return answer(status, { code: 20500, message: "Internal Server Error" });
      }
      const path = `/2010-04-01/Accounts/${account.sid}/Messages.json`;
      if (request.method !== "POST" || request.url !== path) {
        return answer(404, { code: 20404, message: "The requested resource was not found" });
      }
      if (request.headers.authorization !== expectedAuth) {
        return answer(401, { code: 20003, message: "Authenticate" });
      }
      const form = new URLSearchParams(body);
      const text = {
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
      };
      if (refuse.has(text.to)) {
        return answer(400, {
          code: 21610,
          message: `Attempt to send to unsubscribed recipient ${text.to}`,
        });
      }
      texts.push(text);
      answer(201, { sid: `SM${texts.length.toString().padStart(32, "0")}`, status: "queued" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    texts,
    refuse,
    failNext(status) {
      failure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
