import { SIGNED_IN_HINT_COOKIE } from "#shared/signed-in-hint.ts";

// Better Auth names its cookie with our prefix (server/auth.ts), with "__Secure-" over HTTPS.
const SESSION_COOKIE = /^(?:__Secure-)?postwerk\.session_token=([^;]*)/;

/**
 * ADR 0031: mirrors Better Auth's session cookie in a readable hint cookie. Whenever an answer
 * sets the session cookie, the hint follows it with the same lifetime; when it clears the
 * session cookie, the hint goes too. Answers that leave the session cookie alone pass unchanged.
 */
export function withSignedInHint(response: Response): Response {
  const sessionCookie = response.headers.getSetCookie().find((cookie) => SESSION_COOKIE.test(cookie));
  if (!sessionCookie) return response;
  const value = SESSION_COOKIE.exec(sessionCookie)?.[1] ?? "";
  const maxAge = /;\s*max-age=(-?\d+)/i.exec(sessionCookie)?.[1];
  const ended = value === "" || (maxAge !== undefined && Number(maxAge) <= 0);
  const secure = /;\s*secure/i.test(sessionCookie) ? "; Secure" : "";
  const hint = ended
    ? `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
    : `${SIGNED_IN_HINT_COOKIE}=1; Path=/${maxAge ? `; Max-Age=${maxAge}` : ""}; SameSite=Lax${secure}`;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", hint);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Whether a request comes from a browser that has a session, by its cookies alone: Better Auth's
 * session cookie, or the hint beside it. Neither is checked against the database; what depends
 * on the answer only adds protection (ADR 0038), it never grants anything.
 */
export function mayHaveSession(cookies: Record<string, string>): boolean {
  return cookies[SIGNED_IN_HINT_COOKIE] === "1" || Object.keys(cookies).some((name) => SESSION_COOKIE.test(`${name}=`));
}
