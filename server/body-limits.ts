import type { Context, MiddlewareHandler } from "hono";
import { CONTACT_TEXTS } from "#shared/contact.ts";
import { DRAFT_BODY_MAX_BYTES } from "#shared/drafts.ts";
import { GENERATOR_MESSAGES, IMAGE_MAX_BYTES } from "#shared/generator.ts";
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "#shared/media.ts";
import { OPTIMIZER_ERRORS } from "#shared/optimizer.ts";
import { answerError } from "./api-error.ts";
import type { AppEnv } from "./app-env.ts";

// Every request body under /api is bounded before anything reads it (ADR 0020):
// Better Auth, the JSON validators and the routes all buffer what they parse. With a
// Content-Length above the limit the body is not read at all; a chunked body is read only
// up to the limit. The answer is 413 with `Connection: close`, so the client stops sending.
// A chunked body is counted while its route reads it, not read here first (ADR 0050): the
// route's own checks (rate limit, admission) still come before any byte of it.

export const KIB = 1024;

/** An image of IMAGE_MAX_BYTES as a base64 data URL is 4/3 of its size; the rest of the form is small. */
export const GENERATE_BODY_MAX_BYTES = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 64 * KIB;

export const REQUEST_TOO_LARGE_MESSAGE = "Die Anfrage ist zu groß und wurde nicht angenommen.";

type BodyLimitRule = { path: string; maxBytes: number; message: string };

/** First match wins; a rule's path matches itself and everything below it. */
export const BODY_LIMITS: readonly BodyLimitRule[] = [
  { path: "/api/generator/generate", maxBytes: GENERATE_BODY_MAX_BYTES, message: GENERATOR_MESSAGES.imageTooLarge },
  // The composer's image (ADR 0086) and its multipart framing.
  { path: "/api/media", maxBytes: MEDIA_MAX_BYTES + 64 * KIB, message: MEDIA_MESSAGES.tooLarge },
  // The same image through the public API (ADR 0107).
  { path: "/api/v1/media", maxBytes: MEDIA_MAX_BYTES + 64 * KIB, message: MEDIA_MESSAGES.tooLarge },
  // A post is at most 2000 characters, a contact message 5000: 64 KiB is ample for either.
  { path: "/api/optimizer", maxBytes: 64 * KIB, message: OPTIMIZER_ERRORS.textTooLong },
  { path: "/api/contact", maxBytes: 64 * KIB, message: CONTACT_TEXTS.messageTooLong },
  // A draft holds the composer's whole value: a text per account and a thread of 25 posts (ADR 0084).
  {
    path: "/api/drafts",
    maxBytes: DRAFT_BODY_MAX_BYTES,
    message: "Der Entwurf ist zu groß, um gespeichert zu werden.",
  },
  // Stripe's events carry whole objects; a few KiB usually, never near this.
  { path: "/api/billing/webhook", maxBytes: 256 * KIB, message: REQUEST_TOO_LARGE_MESSAGE },
  // E-mail, password, name and a callback address: a few hundred bytes in practice.
  { path: "/api/auth", maxBytes: 16 * KIB, message: REQUEST_TOO_LARGE_MESSAGE },
  { path: "/api", maxBytes: 64 * KIB, message: REQUEST_TOO_LARGE_MESSAGE },
];

export function findBodyLimit(path: string): BodyLimitRule | undefined {
  return BODY_LIMITS.find((rule) => path === rule.path || path.startsWith(`${rule.path}/`));
}

function refuseTooLarge(c: Context<AppEnv>, rule: BodyLimitRule) {
  c.var.logger.warn({ path: c.req.path, maxBytes: rule.maxBytes }, "Anfrage zu groß");
  return answerError(c, 413, "REQUEST_TOO_LARGE", rule.message, { Connection: "close" });
}

/**
 * The body as a stream that counts while it is read and fails beyond `maxBytes`; nothing is
 * pulled before the reader asks (highWaterMark 0).
 */
function countedBody(body: ReadableStream<Uint8Array>, maxBytes: number, onOverflow: () => void) {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > maxBytes) {
          onOverflow();
          controller.error(new Error(REQUEST_TOO_LARGE_MESSAGE));
          await reader.cancel().catch(() => undefined);
          return;
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

export function limitRequestBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rule = findBodyLimit(c.req.path);
    const body = c.req.raw.body;
    if (!rule || !body) return next();
    const length = c.req.header("content-length");
    if (length !== undefined && !c.req.raw.headers.has("transfer-encoding"))
      return Number.parseInt(length, 10) > rule.maxBytes ? refuseTooLarge(c, rule) : next();
    let overflowed = false;
    const counted = countedBody(body, rule.maxBytes, () => (overflowed = true));
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
    await next();
    // Whatever the reader made of the failed body (400, Better Auth's 500), the answer is 413.
    if (overflowed) {
      c.res = undefined;
      c.res = refuseTooLarge(c, rule);
    }
  };
}
