// How long a session lives (ADR 0042, ADR 0029). The one place for these numbers: Better Auth
// gets them in server/auth.ts, the fast session check in server/session.ts reads them.

const DAY_SECONDS = 24 * 60 * 60;

/** Unused for this long, a session ends (Better Auth's `session.expiresIn`). */
export const SESSION_IDLE_LIFETIME_SECONDS = 7 * DAY_SECONDS;
/** Used, a session is extended at most once in this span (Better Auth's `session.updateAge`). */
export const SESSION_REFRESH_AGE_SECONDS = DAY_SECONDS;
/** However often it is used, a session ends this long after the sign-in that created it. */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 30 * DAY_SECONDS;

/** When a session created at `createdAt` ends at the latest. */
export function absoluteSessionEnd(createdAt: Date | string | number): Date {
  return new Date(new Date(createdAt).getTime() + SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000);
}

type SessionBeingRead = { context: { session?: { session: { createdAt: Date | string } } | null } } | null;

/**
 * Better Auth's `databaseHooks.session.update.before`: a new expiry never lies beyond the
 * session's absolute end. Better Auth writes `expiresAt` only when it extends the session it
 * is reading (get-session, also behind `auth.api.getSession`), and it has put that session on
 * the endpoint's context before; the update itself does not say which row it changes. So the
 * refresh that would carry a session past day 30 sets day 30 instead, and from then on Better
 * Auth, its cookie cache if someone turns it on, and our own check (server/session.ts) all see
 * an expired session. Any other update (no `expiresAt`) passes unchanged.
 */
export async function capSessionExpiry(
  update: Record<string, unknown>,
  endpoint: SessionBeingRead,
): Promise<{ data: Record<string, unknown> } | undefined> {
  const createdAt = endpoint?.context.session?.session.createdAt;
  if (!(update.expiresAt instanceof Date) || !createdAt) return undefined;
  const end = absoluteSessionEnd(createdAt);
  if (update.expiresAt.getTime() <= end.getTime()) return undefined;
  return { data: { ...update, expiresAt: end } };
}
