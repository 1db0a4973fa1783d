import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { answerError } from "./api-error.ts";
import type { AppEnv } from "./app-env.ts";
import type { Auth, AuthSession } from "./auth.ts";
import { preparedPerDatabase } from "./db/client.ts";
import { session as sessionTable, user as userTable } from "./db/schema/auth.ts";
import { absoluteSessionEnd } from "./features/auth/session-lifetime.ts";

/** Spec section 8 "Account": the site's own words for a request without a session. */
export const NOT_SIGNED_IN_MESSAGE = "Sie müssen angemeldet sein";

export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await readSession(c);
  c.set("session", session);
  await next();
  // An answer to a signed-in request may be that person's data (profile, archive, status): no
  // cache may keep it (ADR 0020). Better Auth marks its own session answers the same way.
  if (session && !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
};

/**
 * The session of a request, as `auth.api.getSession` returns it (ADR 0029). Better Auth's
 * endpoint costs about 2 ms of CPU per call, most of it its endpoint machinery; our API asks on
 * every request. So the common case is answered here, with Better Auth's own rules: its cookie
 * name and secret, its HMAC-SHA256 signature over the token, one indexed query for the session
 * and its user, and the session's expiry. Everything else goes to Better Auth unchanged: no
 * valid signature, no such session or user, an expired session (Better Auth deletes it), one due
 * for its daily refresh (Better Auth extends it, at most to its absolute end, ADR 0042), an
 * unusual cookie header. So this path only ever returns a session Better Auth would return
 * too, and never writes.
 */
async function readSession(c: Context<AppEnv>): Promise<AuthSession | null> {
  const { auth, db } = c.var.deps;
  const rules = await sessionRulesOf(auth);
  const cookieHeader = c.req.header("cookie");
  // No session cookie at all: Better Auth answers null without looking further.
  if (!cookieHeader?.includes(rules.cookieName)) return null;
  const token = signedTokenOf(c, cookieHeader, rules);
  const found = token ? await sessionByToken(db).execute({ token }) : [];
  const row = found[0];
  const now = Date.now();
  const expiresAt = row?.session.expiresAt.getTime() ?? 0;
  // A session already extended to its absolute end (ADR 0042) is not due: Better Auth would
  // only write the same expiry again, on every request of its last days.
  const atAbsoluteEnd = row ? expiresAt >= absoluteSessionEnd(row.session.createdAt).getTime() : false;
  const refreshDue = !atAbsoluteEnd && expiresAt - rules.expiresInMs + rules.updateAgeMs <= now;
  if (row && expiresAt > now && !refreshDue) return { session: row.session, user: row.user };
  return c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
}

type SessionRules = {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
};

const sessionRules = new WeakMap<Auth, Promise<SessionRules>>();

function sessionRulesOf(auth: Auth): Promise<SessionRules> {
  let rules = sessionRules.get(auth);
  if (!rules) {
    rules = auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    sessionRules.set(auth, rules);
  }
  return rules;
}

// Better Auth (better-call's signed cookie) writes `token.base64(HMAC-SHA256(secret, token))`,
// URI-encoded; a 32-byte MAC is 43 base64 characters and one "=".
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The token of a correctly signed session cookie, or null (then Better Auth decides). */
function signedTokenOf(c: Context<AppEnv>, cookieHeader: string, rules: SessionRules): string | null {
  // Two cookies of that name: parsers differ in which one they take; leave it to Better Auth.
  if (cookieHeader.indexOf(rules.cookieName) !== cookieHeader.lastIndexOf(rules.cookieName)) return null;
  const value = getCookie(c, rules.cookieName);
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = crypto.createHmac("sha256", rules.secret).update(token).digest();
  return crypto.timingSafeEqual(Buffer.from(signature, "base64"), expected) ? token : null;
}

const sessionByToken = preparedPerDatabase((db) =>
  db
    .select({ session: sessionTable, user: userTable })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_by_token"),
);

type SignedInEnv = AppEnv & { Variables: { session: NonNullable<AppEnv["Variables"]["session"]> } };

/**
 * Answers 401 without a session and narrows c.var.session for the handlers behind it. Each
 * feature says it in its own voice: the generator "Sie", the optimizer "du" (spec section 8).
 */
export function requireSession(message: string = NOT_SIGNED_IN_MESSAGE): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    if (!c.var.session) return answerError(c, 401, "NOT_SIGNED_IN", message);
    await next();
  };
}
