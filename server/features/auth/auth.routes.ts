import { type Context, Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { CLIENT_IP_HEADER } from "#server/auth.ts";
import { getClientIp } from "#server/client-ip.ts";
import { UNEXPECTED_ERROR_MESSAGE } from "#server/unexpected-error.ts";
import { ACCOUNT_DATA_TEXTS } from "#shared/account-data.ts";
import { ACCOUNT_SECURITY_LIMIT_CODES } from "#shared/account-security.ts";
import type { ApiErrorCode } from "#shared/api-errors.ts";
import { germanAuthError, germanAuthSuccessMessage } from "./auth-messages.ts";
import { withSignedInHint } from "./signed-in-hint.ts";

const TOO_MANY_REQUESTS_MESSAGE = "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.";

// The 5xx our own hooks in server/auth.ts answer, already in German and more precise than the
// general message; they pass through.
const OWN_SERVER_ERROR_MESSAGES = new Set<unknown>([ACCOUNT_DATA_TEXTS.deleteFailed]);

// Hands /api/auth/* to Better Auth with the visitor's real address for its rate limiter,
// answers its English 429 and every other answer of its in German (ADR 0004, 0080) and mirrors
// the session cookie in the readable signed-in hint (ADR 0031).
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
  const { auth, env } = c.var.deps;
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, getClientIp(c, env.TRUST_PROXY));
  const response = await handleWithoutServerErrors(c, () => auth.handler(new Request(c.req.raw, { headers })));
  // Better Auth's limiter and its two-factor lock answer 429 in English; the account throttle
  // and the per-recipient limit (ADR 0044) answer in German already and pass through.
  if (response.status === 429 && !(await isGermanLimitAnswer(response))) {
    c.var.logger.warn({ path: c.req.path }, "Rate-Limit für Anmeldung erreicht");
    return c.json({ error: TOO_MANY_REQUESTS_MESSAGE, code: "TOO_MANY_REQUESTS" satisfies ApiErrorCode }, 429, {
      "Retry-After": response.headers.get("X-Retry-After") ?? response.headers.get("Retry-After") ?? "60",
    });
  }
  return withSignedInHint(await inGerman(response));
});

/**
 * ADR 0080: Better Auth's error answers in German, its `code` kept (auth-messages.ts), in the
 * API's one shape `{ error, code }` (ADR 0101) instead of its `{ message, code }`. An error answer
 * without a code or without a body (its 404 for an unknown path) gets one, so every error answer
 * carries one (ADR 0055); a successful answer's English `message` is translated too.
 */
async function inGerman(response: Response): Promise<Response> {
  const isError = response.status >= 400;
  if (!isError && !isJson(response)) return response;
  const body = await jsonOf(response);
  if (isError) {
    const { message: _english, ...rest } = body ?? {};
    return withBody(response, { ...rest, ...germanAuthError(response.status, body) });
  }
  const message = germanAuthSuccessMessage(body?.message);
  return message ? withBody(response, { ...body, message }) : response;
}

function isJson(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").includes("application/json") && response.body !== null;
}

function withBody(response: Response, body: object): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return Response.json(body, { status: response.status, headers });
}

async function isGermanLimitAnswer(response: Response): Promise<boolean> {
  const code = (await jsonOf(response))?.code;
  return typeof code === "string" && (ACCOUNT_SECURITY_LIMIT_CODES as readonly string[]).includes(code);
}

/**
 * ADR 0047: when the database fails, Better Auth answers 500 with an empty body, or 422
 * "Failed to create user" on sign-up, and logs no more than "Error". The visitor gets the
 * German message the rest of the API gives for a failure on our side, as `{ error, code }`
 * like every error answer (ADR 0101); the log gets the path and status, never the
 * body (it holds e-mail addresses and passwords).
 */
async function handleWithoutServerErrors(c: Context<AppEnv>, handle: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await handle();
  } catch (error) {
    c.var.logger.error({ err: error, method: c.req.method, path: c.req.path }, "Anmeldedienst fehlgeschlagen");
    return serverError();
  }
  if ((response.status >= 500 && !(await isOwnServerError(response))) || (await isFailedUserCreation(response))) {
    c.var.logger.error(
      { status: response.status, method: c.req.method, path: c.req.path },
      "Anmeldedienst fehlgeschlagen",
    );
    await response.body?.cancel();
    return serverError();
  }
  return response;
}

async function isOwnServerError(response: Response): Promise<boolean> {
  return OWN_SERVER_ERROR_MESSAGES.has((await jsonOf(response))?.message);
}

// Better Auth turns every error of createUser that is not its own (a failed insert) into 422
// FAILED_TO_CREATE_USER; refusals of our hooks keep their own codes.
async function isFailedUserCreation(response: Response): Promise<boolean> {
  return response.status === 422 && (await jsonOf(response))?.code === "FAILED_TO_CREATE_USER";
}

async function jsonOf(response: Response): Promise<{ message?: unknown; error?: unknown; code?: unknown } | null> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === "object" ? (body as { message?: unknown; error?: unknown; code?: unknown } | null) : null;
}

function serverError(): Response {
  return Response.json(
    { error: UNEXPECTED_ERROR_MESSAGE, code: "SERVER_ERROR" satisfies ApiErrorCode },
    { status: 500 },
  );
}
