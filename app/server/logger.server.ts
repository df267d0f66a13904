import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    // Defence in depth: even if a caller logs an object carrying personal data, these never print.
    redact: {
      paths: ["email", "phone", "password", "token", "*.email", "*.phone", "*.password", "*.token"],
      censor: "[redacted]",
    },
  });
}
