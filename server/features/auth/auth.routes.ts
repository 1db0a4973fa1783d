import { Hono } from "hono";
import { ACCOUNT_SECURITY_LIMIT_CODES } from "#shared/account-security.ts";
import type { AppEnv } from "../../app-env.ts";
import { CLIENT_IP_HEADER } from "../../auth.ts";
import { getClientIp } from "../../client-ip.ts";
import { withSignedInHint } from "./signed-in-hint.ts";

const TOO_MANY_REQUESTS_MESSAGE = "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.";

// Hands /api/auth/* to Better Auth with the visitor's real address for its rate limiter,
// answers its English 429 in German (issue 2, scope 10) and mirrors the session cookie in the
// readable signed-in hint (issue 17).
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
  const { auth, env } = c.var.deps;
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, getClientIp(c, env.TRUST_PROXY));
  const response = await auth.handler(new Request(c.req.raw, { headers }));
  // Better Auth's limiter and its two-factor lock answer 429 in English; the account throttle
  // and the per-recipient limit (ADR 0044) answer in German already and pass through.
  if (response.status === 429 && !(await isGermanLimitAnswer(response))) {
    c.var.logger.warn({ path: c.req.path }, "Rate-Limit für Anmeldung erreicht");
    return c.json({ message: TOO_MANY_REQUESTS_MESSAGE, code: "TOO_MANY_REQUESTS" }, 429, {
      "Retry-After": response.headers.get("X-Retry-After") ?? response.headers.get("Retry-After") ?? "60",
    });
  }
  return withSignedInHint(response);
});

async function isGermanLimitAnswer(response: Response): Promise<boolean> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === "string" && (ACCOUNT_SECURITY_LIMIT_CODES as readonly string[]).includes(body.code);
}
