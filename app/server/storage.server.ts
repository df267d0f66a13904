import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { S3Settings } from "./config.server";

// docs/decisions/0036-object-storage.md: every uploaded file and every image variant goes
// through this interface. The data folder by default; an S3-compatible bucket when S3_BUCKET is
// set, so several app processes on several machines see the same files. The app streams objects
// to visitors itself (same auth, type and cache headers on both backends): the bucket is private.

/** Object keys are ours (hex names under a fixed prefix), never a visitor's file name. */
const KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.[a-z0-9]+)?$/i;

export type StoredObject = { body: Readable; size: number };

export interface ObjectStorage {
  /** "local" or "s3", for the start-up log and the tests. */
  readonly kind: "local" | "s3";
  /** Writes the whole object; a reader sees the old object or the new one, never half of it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream with its size, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's size, or null when there is none; reads no content. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Where the objects go, without any secret: "data folder /srv/data", "bucket b at host". */
  describe(): string;
}

/** What picks the backend: the data folder, and the S3 settings when a bucket is configured. */
export type StorageConfig = { dataDir: string; s3?: S3Settings | null };

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
}

function checkKey(key: string) {
  if (!KEY.test(key) || key.length > 512) throw new InvalidStorageKeyError("not a storage key");
  return key;
}

/** The data folder backend: keys are paths under DATA_DIR. */
export function createLocalStorage(root: string): ObjectStorage {
  const file = (key: string) => path.join(root, ...checkKey(key).split("/"));
  return {
    kind: "local",
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed: a crash halfway leaves a stray .tmp, never a truncated object.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      // Opened first, then measured: a delete in between cannot leave a size without a file.
      let handle;
      try {
        handle = await open(file(key), "r");
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR") return null;
        throw error;
      }
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: info.size };
    },
    async stat(key) {
      return statFile(file(key));
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    describe: () => `data folder ${root}`,
  };
}

async function statFile(target: string) {
  try {
    const info = await stat(target);
    return info.isFile() ? { size: info.size } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The S3 backend, through the official AWS SDK (loaded only when a bucket is configured). */
export async function createS3Storage(settings: S3Settings): Promise<ObjectStorage> {
  const sdk = await import("@aws-sdk/client-s3");
  const client = new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where the S3 API requires them: s3rver and several S3-compatible stores do
    // not understand the CRC32 trailers the SDK sends by default since 3.729.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  const missing = (error: unknown) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = (error as { name?: string }).name;
    return status === 404 || name === "NoSuchKey" || name === "NotFound";
  };
  return {
    kind: "s3",
    async put(key, body, contentType) {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        // In Node the SDK's body is an http.IncomingMessage: a Readable.
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    // The endpoint's origin only: a URL may carry a user name and password.
    describe: () =>
      `bucket ${Bucket} at ${settings.endpoint ? new URL(settings.endpoint).origin : `AWS ${settings.region}`}`,
  };
}

// One backend per settings object, so every request of a process shares one S3 client (and its
// connection pool). The local backend holds nothing and is cheap to make.
const s3Backends = new WeakMap<S3Settings, Promise<ObjectStorage>>();

/** The storage the configuration names: S3 when a bucket is set, else the data folder. */
export function storageFor(config: StorageConfig): Promise<ObjectStorage> {
  const s3 = config.s3;
  if (!s3) return Promise.resolve(createLocalStorage(config.dataDir));
  let backend = s3Backends.get(s3);
  if (!backend) {
    backend = createS3Storage(s3);
    s3Backends.set(s3, backend);
  }
  return backend;
}

/** The whole object in memory (for sharp), or null when there is none. */
export async function readObject(storage: ObjectStorage, key: string) {
  const object = await storage.get(key);
  return object ? buffer(object.body) : null;
}
