import { createMiddleware } from "hono/factory";
import {
  ADMISSION_RETRY_AFTER_SECONDS,
  createByteBudget,
  createInFlightLimit,
  type Release,
  SERVER_BUSY_MESSAGE,
} from "#server/admission.ts";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { GENERATE_BODY_MAX_BYTES } from "#server/body-limits.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";

// Admission to /api/generator/generate (ADR 0050), after the session and the per-account rate
// limit and before the body is read: a refused request costs neither the 13 MB body nor an image
// decode. One account had 20 uploads of 9 MB parsed and decoded at once (RSS 367 → 1,580 MB,
// /healthz 3.3 s); now it has at most two in flight, and this process holds at most
// UPLOAD_BYTES_IN_FLIGHT_MAX of request bodies of all accounts together.

/** A person waits for one run; two allow a second tab, more is a script. */
export const GENERATIONS_IN_FLIGHT_PER_ACCOUNT = 2;
/**
 * Request bodies held at once by this process, as declared by Content-Length (a body without one
 * counts as the largest allowed). 48 MiB: three full-size uploads, or hundreds without an image.
 * Each such body is kept until its run ends (the image goes to the model), and costs about twice
 * its size in parsed form, so this bounds the generator's share of memory near 150 MB.
 */
export const UPLOAD_BYTES_IN_FLIGHT_MAX = 48 * 1024 * 1024;

export const generationsInFlight = createInFlightLimit(GENERATIONS_IN_FLIGHT_PER_ACCOUNT);
export const uploadBytesInFlight = createByteBudget(UPLOAD_BYTES_IN_FLIGHT_MAX);

export type GenerationAdmission = {
  /** The places are held until `done` settles (the streamed run), not just until the response starts. */
  holdUntil: (done: Promise<unknown>) => void;
};

type AdmissionEnv = { Variables: AppEnv["Variables"] & { admission: GenerationAdmission } };

function declaredBytes(contentLength: string | undefined): number {
  const declared = Number(contentLength);
  return contentLength && Number.isSafeInteger(declared) && declared >= 0 ? declared : GENERATE_BODY_MAX_BYTES;
}

export const admitGeneration = createMiddleware<AdmissionEnv>(async (c, next) => {
  const userId = c.var.session?.user.id ?? "";
  // Connection: close: the client stops sending a body nobody will read.
  const refused = { "Retry-After": String(ADMISSION_RETRY_AFTER_SECONDS), Connection: "close" };
  const releaseSlot = generationsInFlight.tryAcquire(userId);
  if (!releaseSlot) {
    c.var.logger.warn({ userId }, "Zu viele gleichzeitige Generierungen");
    return answerError(c, 429, "TOO_MANY_GENERATIONS", GENERATOR_MESSAGES.tooManyInFlight, refused);
  }
  const releaseBytes = uploadBytesInFlight.tryReserve(declaredBytes(c.req.header("content-length")));
  if (!releaseBytes) {
    releaseSlot();
    c.var.logger.warn({ userId, reserved: uploadBytesInFlight.reserved() }, "Server ausgelastet: Uploads");
    return answerError(c, 503, "SERVER_BUSY", SERVER_BUSY_MESSAGE, refused);
  }
  const release: Release = () => {
    releaseBytes();
    releaseSlot();
  };
  let held: Promise<unknown> | null = null;
  c.set("admission", { holdUntil: (done) => (held = done) });
  try {
    await next();
  } finally {
    if (held) (held as Promise<unknown>).then(release, release);
    else release();
  }
});
