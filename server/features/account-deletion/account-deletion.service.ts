import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { AccountDeletionHooks, DeletedUser } from "#server/auth.ts";
import type { Database } from "#server/db/client.ts";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { account } from "#server/db/schema/auth.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { mediaUploads } from "#server/db/schema/publishing.ts";
import { endBillingOfDeletedAccount } from "#server/features/billing/billing-cancel.service.ts";
import { cancelAllPlannedPostsOf } from "#server/features/publishing/publishing.service.ts";
import { composeAccountDeletedMail } from "#server/integrations/mail/mail-templates.ts";
import { imageNameFromPublicUrl } from "#server/integrations/storage/image-storage.ts";
import { ACCOUNT_DATA_TEXTS, DELETE_REAUTH_MAX_AGE_MINUTES } from "#shared/account-data.ts";

// GDPR Art. 17 (ADR 0026). Better Auth's /delete-user checks the password (or, for a
// Google account, a fresh sign-in) and deletes the user; its rows in profiles, the archive, the
// credit history, plans and sessions go with it (ON DELETE CASCADE). Before that, this removes
// what lives outside those rows: the Stripe subscription, the archive's image files and the
// contact messages sent with the address. Every step can run twice, so a deletion that fails
// halfway is finished by trying again; what the law asks us to keep is kept (ADR 0026).

type DeletionDeps = Pick<AppDeps, "db" | "imageStorage" | "payments" | "mailer" | "logger" | "publishingQueue">;
class AccountDeletionRefused extends Error {}

/** What Better Auth's deletion calls (server/auth.ts): the re-auth rule and the steps around it. */
export function createAccountDeletionHooks(deps: DeletionDeps): AccountDeletionHooks {
  return {
    findReauthProblem: (session, password) => findReauthProblem(deps.db, session, password),
    before: async (user) => {
      try {
        await removeDataOutsideTheAccount(deps, user);
        return null;
      } catch (error) {
        if (error instanceof AccountDeletionRefused) return error.message;
        throw error;
      }
    },
    after: (user) => confirmDeletion(deps, user),
  };
}

/** The last admin cannot leave: nobody could run the admin area after them. */
async function assertNotLastAdmin(db: Database, userId: string): Promise<void> {
  const [profile] = await db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, userId));
  if (!profile?.isAdmin) return;
  const [admins] = await db.select({ total: count() }).from(profiles).where(eq(profiles.isAdmin, true));
  if ((admins?.total ?? 0) <= 1) throw new AccountDeletionRefused(ACCOUNT_DATA_TEXTS.deleteLastAdmin);
}

/** Without a password, only a sign-in from the last minutes counts as re-authentication. */
export async function findReauthProblem(
  db: Database,
  session: { userId: string; createdAt: Date },
  password: unknown,
  now = Date.now(),
): Promise<string | null> {
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, session.userId), eq(account.providerId, "credential"), isNotNull(account.password)));
  if (credential) return typeof password === "string" && password ? null : ACCOUNT_DATA_TEXTS.deletePasswordRequired;
  const age = now - session.createdAt.getTime();
  return age <= DELETE_REAUTH_MAX_AGE_MINUTES * 60_000 ? null : ACCOUNT_DATA_TEXTS.deleteReauthRequired;
}

/** Runs before Better Auth deletes the user; throws to stop the deletion. */
export async function removeDataOutsideTheAccount(deps: DeletionDeps, user: DeletedUser): Promise<void> {
  const { db } = deps;
  await assertNotLastAdmin(db, user.id);

  // Ended at once in Stripe (ADR 0026: no refund of the running period), every subscription of
  // the customer, and open Checkouts expire, so no payment arrives for a deleted account (ADR 0048).
  await endBillingOfDeletedAccount(deps, deps.logger, user.id);

  const images = await db
    .select({ imageUrl: archivedPosts.imageUrl })
    .from(archivedPosts)
    .where(and(eq(archivedPosts.userId, user.id), isNotNull(archivedPosts.imageUrl)));
  // The composer's uploads too (ADR 0086).
  const uploads = await db
    .select({ imageUrl: mediaUploads.url })
    .from(mediaUploads)
    .where(eq(mediaUploads.userId, user.id));
  for (const { imageUrl } of [...images, ...uploads]) {
    const name = imageNameFromPublicUrl(imageUrl);
    if (name) await deps.imageStorage.remove(name);
  }

  await db.delete(contactMessages).where(sql`lower(${contactMessages.email}) = lower(${user.email})`);

  // ADR 0053: nothing is sent after the deletion. The planned posts are cancelled first, so a job
  // that starts meanwhile finds nothing to send; then their jobs go. The network accounts with
  // their tokens, the posts and the notifications go with the user (ON DELETE CASCADE).
  const planned = await cancelAllPlannedPostsOf(db, user.id);
  await deps.publishingQueue.removeJobsOf(planned);
}

/** After the deletion: the confirmation to the address that is gone now. A failure is only logged. */
export async function confirmDeletion(deps: DeletionDeps, user: DeletedUser): Promise<void> {
  deps.logger.info({ userId: user.id }, "Konto gelöscht");
  try {
    await deps.mailer.send({ to: user.email, ...composeAccountDeletedMail() });
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, "Bestätigung der Kontolöschung nicht versendet");
  }
}
