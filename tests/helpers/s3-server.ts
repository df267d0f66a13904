import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

// A real S3-compatible server (s3rver) for the tests of the S3 storage path: its own temporary
// folder, a free port chosen by the OS, and one bucket. s3rver accepts these fixed credentials.

export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The environment variables that point the app at this bucket. */
  env: Record<string, string>;
  /** The S3 settings as loadConfig makes them from `env`. */
  settings: {
    bucket: string;
    endpoint: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  /** Every key in the bucket, sorted (read through the S3 API, as another machine would). */
  listKeys(): Promise<string[]>;
  stop(): Promise<void>;
};

export async function startLocalS3(bucket = "harbour-test"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "hg-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = {
    bucket,
    endpoint,
    region: "us-east-1",
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
  return {
    endpoint,
    bucket,
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "on",
    },
    async listKeys() {
      const client = new S3Client({
        endpoint,
        region: settings.region,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (listed.Contents ?? []).map((object) => object.Key!).sort();
      } finally {
        client.destroy();
      }
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
