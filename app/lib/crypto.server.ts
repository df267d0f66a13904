import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// AES-256-GCM for sensitive fields at rest (docs/decisions/0011-encrypted-bank-details.md). Stored as "v1.<iv>.<tag>.<ciphertext>"
// in base64url, so a future key or algorithm change can be told apart by its prefix.

function keyBytes(base64Key: string) {
  const key = Buffer.from(base64Key, "base64");
  if (key.length !== 32) throw new Error("DATA_ENCRYPTION_KEY must be 32 bytes of base64");
  return key;
}

export function encryptField(base64Key: string, plaintext: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyBytes(base64Key), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ["v1", iv, tag, ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptField(base64Key: string, stored: string) {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || ciphertext === undefined) {
    throw new Error("Unrecognised encrypted value");
  }
  const decipher = createDecipheriv(
    "aes-256-gcm",
    keyBytes(base64Key),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}

/** Tokens are stored only as their SHA-256, so a leaked table grants nothing. */
export function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}

/** "12345678" -> "••••5678" */
export function maskTail(value: string, visible = 4) {
  return `${"•".repeat(Math.max(0, value.length - visible))}${value.slice(-visible)}`;
}
