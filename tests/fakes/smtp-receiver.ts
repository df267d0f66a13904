import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server that accepts every message and records it, raw and parsed. `refuse(n)` makes
 * the next n messages fail with a temporary 451, to prove the outbox retries email.
 */
export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
};

export type SmtpReceiver = {
  url: string;
  messages: ReceivedMail[];
  refuse(count: number): void;
  close(): Promise<void>;
};

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom;
        messages.push({
          envelopeFrom: from ? from.address : "",
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          parsed: parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (count) => {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ParsedMail = {
  headers: Map<string, string>;
  subject: string;
  text: string | null;
  html: string | null;
};

/** Just enough MIME for tests: headers, and the text and HTML parts of a (nested) multipart. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitPart(raw);
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  collectParts(headers, body, found);
  return { headers, subject: headers.get("subject") ?? "", ...found };
}

function splitPart(raw: string) {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(
  headers: Map<string, string>,
  body: string,
  found: { text: string | null; html: string | null },
) {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = splitPart(section.replace(/^\n/, ""));
      collectParts(part.headers, part.body, found);
    }
    return;
  }
  const decoded = decode(body, headers.get("content-transfer-encoding") ?? "7bit");
  if (type.toLowerCase().startsWith("text/html")) found.html ??= decoded;
  else if (type.toLowerCase().startsWith("text/plain")) found.text ??= decoded;
}

function decode(body: string, encoding: string) {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const text = body.replace(/=\n/g, "");
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i += 1) {
        const hex = text.slice(i + 1, i + 3);
        if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(text[i]!, "utf8"));
        }
      }
      return Buffer.from(bytes).toString("utf8");
    }
    default:
      return body;
  }
}
