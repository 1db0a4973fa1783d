import { eq, getTableColumns, sql } from "drizzle-orm";
import { AsyncZipDeflate, Zip, ZipPassThrough } from "fflate";
import { createInFlightLimit } from "#server/admission.ts";
import type { AppDeps } from "#server/app-env.ts";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { session, user } from "#server/db/schema/auth.ts";
import { cancellationRequests, companyBillingInfo, subscriptions } from "#server/db/schema/billing.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { cookieConsentHistory } from "#server/db/schema/cookie-consent.ts";
import { drafts } from "#server/db/schema/drafts.ts";
import { passkeys } from "#server/db/schema/passkeys.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { cancellationRequestColumns } from "#server/features/cancellation/cancellation.service.ts";
import { exportSnapshots } from "#server/features/metrics/metrics.service.ts";
import { listAuthorisedApps } from "#server/features/oauth/oauth-apps.service.ts";
import { billingInfoColumns } from "#server/features/profile/profile.service.ts";
import type { RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";
import { exportWebhooks } from "#server/features/webhooks/webhooks.service.ts";
import { imageNameFromPublicUrl } from "#server/integrations/storage/image-storage.ts";
import { type ExportFile, file, jsonArray, jsonFile, oldestFirst, pages, toAsync } from "./export-files.ts";
import { publishingFile } from "./export-publishing.ts";
import { EXPORT_README } from "./export-readme.ts";

// GDPR Art. 15 and 20 (ADR 0026): everything Postwerk stores about an account, as one
// ZIP of JSON files, their German description and the archive's images. The ZIP is produced
// while it is sent: long lists are read a page at a time and each page is compressed and handed
// on before the next is read, so a 20,000-entry archive is never in memory at once.

export const DATA_EXPORT_RATE_LIMIT: RateLimitRule = { name: "data-export", max: 5, windowMs: 60 * 60_000 };

/**
 * Exports running at once in this process (ADR 0050): four large ones at once made other users'
 * /api/profile take 887 ms in the median. The next one gets 503 with Retry-After.
 */
export const DATA_EXPORTS_PER_SERVER = 2;
export const EXPORTS_KEY = "server";
export const dataExportsInFlight = createInFlightLimit(DATA_EXPORTS_PER_SERVER);

type ExportDeps = Pick<AppDeps, "db" | "imageStorage">;

/** A thread as one readable text: its posts numbered "1/4" and so on, a blank line between. */
function threadAsText(posts: string[]): string {
  return posts.map((post, index) => `${index + 1}/${posts.length} ${post}`).join("\n\n");
}

export function exportFileName(now = new Date()): string {
  return `postwerk-daten-${now.toISOString().slice(0, 10)}.zip`;
}

/** The account's export as a stream of ZIP bytes; `onEnd` runs once when it is sent, cancelled or failed. */
export function createDataExport(
  deps: ExportDeps,
  userId: string,
  onEnd: () => void = () => {},
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(exportFiles(deps, userId));
  return new ReadableStream({
    async pull(controller) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await chunks.next();
      } catch (error) {
        onEnd();
        throw error;
      }
      if (next.done) {
        onEnd();
        controller.close();
      } else controller.enqueue(next.value);
    },
    async cancel() {
      onEnd();
      await chunks.return(undefined);
    },
  });
}

const encoder = new TextEncoder();

/**
 * Feeds each file into fflate's ZIP writer and yields the bytes it produces, as it produces them.
 * JSON and text are deflated in a worker thread (AsyncZipDeflate, ADR 0050), so a 20,000-entry
 * archive does not hold the event loop that answers everybody else; images are stored as they
 * are (JPEG, PNG and WebP are compressed already; deflating them again costs time, saves nothing).
 */
async function* zipChunks(files: AsyncIterable<ExportFile>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished = false;
  let wake: (() => void) | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else ready.push(chunk);
    if (final) finished = true;
    wake?.();
  });
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as Uint8Array;
  };
  for await (const file of files) {
    const entry = file.compress ? new AsyncZipDeflate(file.name, { level: 6 }) : new ZipPassThrough(file.name);
    zip.add(entry);
    for await (const part of file.content) {
      entry.push(typeof part === "string" ? encoder.encode(part) : part);
      yield* drain();
    }
    entry.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  // The workers answer later: wait for the ZIP's last bytes.
  while (!finished && !failure) {
    if (ready.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    yield* drain();
  }
  yield* drain();
}

async function* exportFiles(deps: ExportDeps, userId: string): AsyncGenerator<ExportFile> {
  const { db } = deps;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!profile) return;
  const { generatorAccessHash: _operatorCodeHash, ...ownProfile } = profile;

  yield file("LIESMICH.txt", [EXPORT_README]);
  yield jsonFile("konto.json", {
    exportedAt: new Date().toISOString(),
    profile: ownProfile,
    plans: await db
      .select({
        plan: subscriptions.plan,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        runsInPeriod: subscriptions.runsInPeriod,
        grantedByHand: sql<boolean>`${subscriptions.stripeSubscriptionId} is null`,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
    billingInfo:
      (await db.select(billingInfoColumns).from(companyBillingInfo).where(eq(companyBillingInfo.userId, userId)))[0] ??
      null,
    // The sign-in record (Better Auth's user): the name and picture as they are now, which the
    // profile copies, and whether and since when the address is confirmed.
    signIn:
      (
        await db
          .select({
            name: user.name,
            email: user.email,
            emailVerified: user.emailVerified,
            image: user.image,
            createdAt: user.createdAt,
            updatedAt: user.updatedAt,
          })
          .from(user)
          .where(eq(user.id, userId))
      )[0] ?? null,
  });
  // Signed-in devices; the session token is a key to the account, not data about the person.
  yield jsonFile(
    "sitzungen.json",
    await oldestFirst(db, session, eq(session.userId, userId), {
      createdAt: session.createdAt,
      lastActiveAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    }),
  );
  // ADR 0102: the account's passkeys with their public key; the private key never left the device.
  yield jsonFile(
    "passkeys.json",
    await oldestFirst(db, passkeys, eq(passkeys.userId, userId), {
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
      transports: passkeys.transports,
    }),
  );

  // ADR 0110: the webhook endpoints the user added, never their signing secret.
  yield jsonFile("webhooks.json", await exportWebhooks(db, userId));
  // ADR 0113: the apps the user authorised through OAuth, with what they may do (no tokens).
  yield jsonFile("zugelassene-apps.json", await listAuthorisedApps(db, userId));

  const { searchVector: _index, userId: _owner, ...archiveColumns } = getTableColumns(archivedPosts);
  const images: string[] = [];
  yield file(
    "archiv.json",
    jsonArray(
      pages(
        db,
        archivedPosts,
        archiveColumns,
        eq(archivedPosts.userId, userId),
        archivedPosts.createdAt,
        archivedPosts.id,
      ),
      (entry) => {
        const image = imageNameFromPublicUrl((entry.imageUrl as string | null) ?? null);
        if (image) images.push(image);
        // ADR 0065: a thread entry keeps its lists of posts and adds each thread as one text to read.
        const threads =
          entry.format === "thread" ? { threadsAsText: (entry.generatedPosts as string[][]).map(threadAsText) } : {};
        return { ...entry, ...threads, imageFile: image ? `bilder/${image}` : null };
      },
    ),
  );
  for (const name of images) {
    const image = await deps.imageStorage.read(name);
    if (image) yield { name: `bilder/${name}`, compress: false, content: toAsync([image.bytes]) };
  }

  const { userId: _logOwner, id: _logId, ...logColumns } = getTableColumns(contentGenerationLogs);
  yield file(
    "credit-verlauf.json",
    jsonArray(
      pages(
        db,
        contentGenerationLogs,
        logColumns,
        eq(contentGenerationLogs.userId, userId),
        contentGenerationLogs.createdAt,
        contentGenerationLogs.id,
      ),
      (entry) => entry,
    ),
  );

  yield jsonFile(
    "einwilligungen.json",
    await oldestFirst(db, cookieConsentHistory, eq(cookieConsentHistory.userId, userId), {
      createdAt: cookieConsentHistory.createdAt,
      essential: cookieConsentHistory.essential,
      analytics: cookieConsentHistory.analytics,
      authentication: cookieConsentHistory.authentication,
      aiServices: cookieConsentHistory.aiServices,
      version: cookieConsentHistory.version,
      expiresAt: cookieConsentHistory.expiresAt,
      ipAddress: cookieConsentHistory.ipAddress,
    }),
  );
  yield jsonFile(
    "kontaktanfragen.json",
    await oldestFirst(db, contactMessages, sql`lower(${contactMessages.email}) = lower(${profile.email})`, {
      createdAt: contactMessages.createdAt,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      status: contactMessages.status,
    }),
  );
  yield jsonFile(
    "kuendigungen.json",
    await oldestFirst(db, cancellationRequests, eq(cancellationRequests.userId, userId), {
      createdAt: cancellationRequests.createdAt,
      ...cancellationRequestColumns,
    }),
  );
  // ADR 0053/0059/0066: the connected accounts without their tokens, every post and thread post.
  yield publishingFile(db, userId);
  // ADR 0104: every snapshot of the sent posts' figures.
  yield jsonFile("kennzahlen.json", await exportSnapshots(db, userId));
  // ADR 0084: the drafts, at most DRAFTS_PER_USER_MAX, with their whole content.
  yield jsonFile(
    "entwuerfe.json",
    await oldestFirst(db, drafts, eq(drafts.userId, userId), {
      source: drafts.source,
      content: drafts.content,
      createdAt: drafts.createdAt,
      updatedAt: drafts.updatedAt,
    }),
  );
  // What admins changed on this account; who they were is their data, not the customer's.
  yield jsonFile(
    "admin-protokoll.json",
    await oldestFirst(db, adminAuditLog, eq(adminAuditLog.targetId, userId), {
      createdAt: adminAuditLog.createdAt,
      action: adminAuditLog.action,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
    }),
  );
}
