import crypto from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Refusal } from "#server/api-error.ts";
import type { Database } from "#server/db/client.ts";
import { emailChangeObjections } from "#server/db/schema/account-security.ts";
import { session, user } from "#server/db/schema/auth.ts";
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
