import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { setSignedInHint } from "./signed-in-hint.ts";

// Better Auth's browser client; same origin, so no base URL is needed. The two-factor plugin
// (ADR 0041) adds authClient.twoFactor.*; the sign-in page itself handles twoFactorRedirect.
export const authClient = createAuthClient({ plugins: [twoFactorClient()] });

// Wherever the client learns the session, the signed-in hint follows it (ADR 0031), whichever
// page or component asked: the marketing pages load this client only with the hint.
// Only an answer counts: a request cut off by leaving the page also ends without a session.
type SessionState = { data: unknown; isPending: boolean; error: { status?: number } | null };
authClient.$store.atoms.session?.listen(({ data, isPending, error }: SessionState) => {
  if (isPending || (error && error.status !== 401)) return;
  setSignedInHint(Boolean(data));
});

/**
 * The session as the client's store settles it: its first request on a page takes the answer the
 * document preloaded (ADR 0073). Null without a session, or when the request failed.
 */
export function settledSession(): Promise<unknown> {
  const store = authClient.$store.atoms.session;
  if (!store) return authClient.getSession().then(({ data }) => data);
  return new Promise((resolve) => {
    let settled = false;
    const stop = store.subscribe(({ data, isPending, isRefetching }: SessionState & { isRefetching: boolean }) => {
      if (settled || isPending || isRefetching) return;
      settled = true;
      resolve(data);
      // subscribe() calls back before it returns: stop once it has.
      queueMicrotask(() => stop());
    });
  });
}

const AUTH_ERROR_FALLBACK = "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.";

/**
 * What to show for a failed Better Auth request. Our server answers each of its errors like every
 * other API error, `{ error, code }` with a German sentence and Better Auth's code (ADR 0080,
 * 0101; server/features/auth/auth-messages.ts); Better Auth's client spreads that body into its
 * error object, so the sentence is `error.error` (its typed `message` stays empty). The spec asks
 * to show the server's message; an answer without a code did not come from our server (a proxy's
 * error page, a lost connection), and its English status text is not shown.
 */
export function describeAuthError(error: object | null | undefined): string {
  const { code, error: sentence } = (error ?? {}) as { code?: unknown; error?: unknown };
  return typeof code === "string" && typeof sentence === "string" && sentence ? sentence : AUTH_ERROR_FALLBACK;
}
