import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3StorageSettings } from "#server/env.ts";

// A real S3-compatible server for tests (s3rver: Koa, objects as files in a temporary folder),
// so the S3 image storage is tested against HTTP, signatures and S3's error answers instead
// of a mocked client. It accepts exactly one key pair, S3RVER / S3RVER.

type S3rverOptions = { address: string; port: number; silent: boolean; directory: string };
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
// s3rver ships no type declarations; this is the part the tests use.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverInstance;

const ACCESS_KEY = "S3RVER";

export type S3Fake = {
  endpoint: string;
  bucket: string;
  settings: S3StorageSettings;
  /** The STORAGE_S3_* variables that point the product at this server. */
  env: Record<string, string>;
  /** What the bucket holds under `key`, read past the product: null when nothing. */
  headObject(key: string): Promise<{ contentType: string | undefined; size: number | undefined } | null>;
  close(): Promise<void>;
};

export async function startS3Fake({ bucket = "social-images", port = 0 } = {}): Promise<S3Fake> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const settings: S3StorageSettings = {
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  // The operator creates the bucket; the product never does.
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    settings,
    env: {
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_REGION: settings.region,
      STORAGE_S3_ACCESS_KEY_ID: ACCESS_KEY,
      STORAGE_S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      STORAGE_S3_FORCE_PATH_STYLE: "true",
    },
    async headObject(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { contentType: head.ContentType, size: head.ContentLength };
      } catch (error) {
        if (error instanceof Error && error.name === "NotFound") return null;
        throw error;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
