import type { S3StorageSettings } from "#server/env.ts";
import type { ObjectStore } from "./object-store.ts";

// The `social-images` bucket on S3-compatible storage (ADR 0027), so several app servers share
// one set of images. It only moves bytes; names, content types and URLs come from
// image-storage.ts, the same for every driver. Images are still served by our own route.

/**
 * Deadline of one call (docs/design.md: every external call has a timeout), retries included: for
 * save, read and remove the whole call; for `open` until the response head, because the body
 * then streams to a browser at the browser's pace. From there the idle limit guards it.
 */
export const S3_TIMEOUT_MS = 10_000;
const S3_CONNECT_TIMEOUT_MS = 3_000;

export type S3StoreOptions = { timeoutMs?: number };

export class ImageStorageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ImageStorageError";
  }
}

/** Loads the AWS SDK (~6-20 MB) only on a server configured for S3 (createDeps). */
export async function createS3ObjectStore(
  settings: S3StorageSettings,
  { timeoutMs = S3_TIMEOUT_MS }: S3StoreOptions = {},
): Promise<ObjectStore> {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Given explicitly, so the SDK never falls back to AWS_* variables, ~/.aws files or an
    // instance metadata service: what is configured is what runs (env.ts is the only source).
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: 3,
    retryMode: "standard",
    // The SDK adds CRC checksums to every upload by default since early 2025; not every
    // S3-compatible server accepts them. Uploads are small and TLS protects them in transit.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: Math.min(S3_CONNECT_TIMEOUT_MS, timeoutMs),
      // Idle time on the socket: ends a body that stops arriving after the deadline was cleared.
      socketTimeout: timeoutMs,
    },
  });
  const Bucket = settings.bucket;

  async function call<T>(action: string, key: string, run: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await run(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) {
        throw new ImageStorageError(
          `Bildspeicher (S3) antwortet nicht: ${action} von ${key} nach ${timeoutMs} ms abgebrochen`,
          { cause: error },
        );
      }
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new ImageStorageError(`Bildspeicher (S3): ${action} von ${key} fehlgeschlagen (${reason})`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  // null for a missing object; the caller turns it into a 404. Any other answer (a missing
  // bucket, wrong keys) is an error, so a misconfiguration never looks like deleted images.
  async function getObject(key: string, abortSignal: AbortSignal) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal });
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  return {
    put: (key, bytes, contentType) =>
      call("Speichern", key, async (abortSignal) => {
        // No `IfNoneMatch: "*"` against overwriting: not every S3-compatible server supports
        // conditional writes, and the name carries 64 random bits next to the millisecond.
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }), {
          abortSignal,
        });
      }),
    get: (key) =>
      call("Lesen", key, async (abortSignal) => {
        const object = await getObject(key, abortSignal);
        if (!object) return null;
        if (!object.Body) throw new Error("Antwort ohne Inhalt");
        return object.Body.transformToByteArray();
      }),
    async open(key) {
      const object = await call("Lesen", key, (abortSignal) => getObject(key, abortSignal));
      if (!object) return null;
      if (!object.Body) throw new ImageStorageError(`Bildspeicher (S3): Lesen von ${key} ohne Inhalt`);
      return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength };
    },
    delete: (key) =>
      call("Löschen", key, async (abortSignal) => {
        try {
          // S3 answers 204 for a missing key too; some compatible servers answer NoSuchKey.
          await client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal });
        } catch (error) {
          if (!isMissingObject(error)) throw error;
        }
      }),
  };
}

function isMissingObject(error: unknown): boolean {
  return error instanceof Error && error.name === "NoSuchKey";
}
