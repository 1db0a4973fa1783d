import crypto from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Refusal } from "#server/api-error.ts";
import type { Database } from "#server/db/client.ts";
import { emailChangeObjections } from "#server/db/schema/account-security.ts";
import { session, user, verification } from "#server/db/schema/auth.ts";
import { syncProfileFromUser } from "#server/features/profile/profile.service.ts";
import { EMAIL_CHANGE_OBJECTION_DAYS, RECOVERY_TEXTS } from "#shared/account-security.ts";
import { clearSignInFailures } from "./sign-in-throttle.ts";

// After an e-mail change the previous address gets a notice with a link that undoes it
// (ADR 0044): whoever took over a session cannot also take the account's address quietly.

const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Stores an objection for the change and returns the token for the notice's link. */
export async function createEmailChangeObjection(
  db: Database,
  change: { userId: string; previousEmail: string; newEmail: string },
  now = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(emailChangeObjections).values({
    tokenHash: hashToken(token),
    ...change,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_OBJECTION_DAYS * DAY_MS),
  });
  return token;
}

export type ObjectionResult = { ok: true; previousEmail: string } | Refusal<400 | 409>;

/**
 * Undoes the change: the account takes the previous address again (confirmed, since the owner
 * just proved to read it), every session ends, and the failure count is cleared so the owner
 * can set a new password right away. Used once; a later change has its own link.
 */
export async function objectToEmailChange(db: Database, token: string, now = new Date()): Promise<ObjectionResult> {
  return db.transaction(async (tx) => {
    const [objection] = await tx
      .select()
      .from(emailChangeObjections)
      .where(and(eq(emailChangeObjections.tokenHash, hashToken(token)), isNull(emailChangeObjections.usedAt)))
      .for("update");
    if (!objection || objection.expiresAt <= now) {
      return { ok: false, status: 400, code: "INVALID_LINK", error: RECOVERY_TEXTS.objectionInvalid } as const;
    }
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, objection.previousEmail), ne(user.id, objection.userId)));
    if (taken)
      return { ok: false, status: 409, code: "EMAIL_TAKEN", error: RECOVERY_TEXTS.objectionEmailTaken } as const;
    const [restored] = await tx
      .update(user)
      .set({ email: objection.previousEmail, emailVerified: true, updatedAt: now })
      .where(eq(user.id, objection.userId))
      .returning({ id: user.id, email: user.email, name: user.name });
    if (!restored)
      return { ok: false, status: 400, code: "INVALID_LINK", error: RECOVERY_TEXTS.objectionInvalid } as const;
    await syncProfileFromUser(tx, restored);
    await tx.delete(session).where(eq(session.userId, objection.userId));
    await tx
      .update(emailChangeObjections)
      .set({ usedAt: now })
      .where(eq(emailChangeObjections.userId, objection.userId));
    await clearSignInFailures(tx, objection.previousEmail);
    return { ok: true, previousEmail: objection.previousEmail } as const;
  });
}

// Better Auth's change link is a stateless signed token: it keeps no record of the request, so
// /konto could not show it and nothing could withdraw it. We note the one open request per
// account in its verification table (our own identifier, no migration); the link only works
// while it matches the newest request (account-security.hooks.ts), so a cancelled or replaced
// request cannot still move the account.
const pendingIdentifier = (userId: string) => `pending-email-change:${userId}`;

export type PendingEmailChange = { email: string; expiresAt: Date };

/** Notes a sent change link; a new request replaces the previous one. */
export async function recordPendingEmailChange(
  db: Database,
  change: { userId: string; newEmail: string; lifetimeSeconds: number },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, pendingIdentifier(change.userId)));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: pendingIdentifier(change.userId),
      value: change.newEmail.toLowerCase(),
      expiresAt: new Date(now.getTime() + change.lifetimeSeconds * 1000),
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** The open request whose link still works, or null. */
export async function getPendingEmailChange(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<PendingEmailChange | null> {
  const [row] = await db
    .select({ email: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(and(eq(verification.identifier, pendingIdentifier(userId)), gt(verification.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Cancelled by the user, or done once the new address is confirmed. */
export async function clearPendingEmailChange(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, pendingIdentifier(userId)));
}
