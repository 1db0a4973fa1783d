import path from "node:path";
import { createJobQueue, type JobQueueTuning } from "#server/db/job-queue.ts";
import type { AppDeps } from "./app-env.ts";
import { createAuth } from "./auth.ts";
import { resolveAuthSecret } from "./auth-secret.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createAccountDeletionHooks } from "./features/account-deletion/account-deletion.service.ts";
import { createAccountSecurityHooks } from "./features/account-security/account-security.hooks.ts";
import type { PageDocuments } from "./features/pages/page-documents.ts";
import { grantAdminByEmail } from "./features/profile/profile.service.ts";
import { createPublishingQueue, type QueueTuning } from "./features/publishing/publishing-queue.ts";
import { createWebhookQueue } from "./features/webhooks/webhook-queue.ts";
import { createAiClient, logAiSdkWarnings } from "./integrations/ai/ai-client.ts";
import { createMailer } from "./integrations/mail/mailer.ts";
import { createSocialNetworks } from "./integrations/social/networks.ts";
import { createImageStorage } from "./integrations/storage/image-storage.ts";
import { createPayments } from "./integrations/stripe/stripe-payments.ts";
import { createWebsiteReader } from "./integrations/website/website-reader.ts";
import type { Logger } from "./logger.ts";
import { tokenBoxFromSettings } from "./token-crypto.ts";

// Opens the database (migrating it) and wires the services; shared by the server,
// the scripts and the integration tests so all of them run the same product.
export async function connectDatabase(env: Env, logger?: Logger): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({
        driver: "postgres",
        url: env.DATABASE_URL,
        onIdleConnectionError: (error) => logger?.warn({ err: error }, "Datenbankverbindung vom Server beendet"),
      })
    : openDatabase({ driver: "pglite", dataDir: path.join(env.DATA_DIR, "db") });
}

/**
 * The seams for tests, the end-to-end server and the benchmarks: a fake model, a mailer to
 * watch, a website reader with a test DNS (ADR 0013), another image storage.
 */
export type DepsOverrides = Partial<
  Pick<AppDeps, "ai" | "mailer" | "websiteReader" | "imageStorage" | "payments" | "networks">
> & {
  /** Tests and the bench: quicker polling and crash detection than in production. */
  queueTuning?: QueueTuning;
  jobQueueTuning?: JobQueueTuning;
};

export async function createDeps(options: {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  pages: PageDocuments;
  overrides?: DepsOverrides;
}): Promise<AppDeps> {
  const { env, database, logger, pages, overrides = {} } = options;
  const granted = await grantAdminByEmail(database.db, env.ADMIN_EMAILS);
  if (granted.length > 0) logger.info({ count: granted.length }, "Admin-Rechte aus ADMIN_EMAILS vergeben");
  logAiSdkWarnings(logger);
  if (env.TRUST_PROXY.kind === "hops" && env.TRUST_PROXY.fromTrue) {
    // ADR 0040: the old switch still works as one proxy, but the operator should say so.
    logger.warn(
      "TRUST_PROXY=true gilt als TRUST_PROXY=1 (ein Proxy vor dem Server). Setzen Sie die Zahl der Proxys oder ihre Adressen ausdrücklich.",
    );
  }
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.DATA_DIR, "outbox"),
      logger,
    });
  const ai =
    overrides.ai ?? createAiClient(env.ai, { vision: env.AI_VISION === "auto" ? undefined : env.AI_VISION === "on" });
  // The SDKs of AI vendors, Stripe and S3 load only when configured (ADR 0029: memory).
  const imageStorage = overrides.imageStorage ?? (await createImageStorage(env.DATA_DIR, env.storageS3));
  const websiteReader = overrides.websiteReader ?? createWebsiteReader();
  const payments = overrides.payments === undefined ? await createPayments(env.stripe) : overrides.payments;
  const jobQueue = createJobQueue(database.queueConnection, logger, overrides.jobQueueTuning);
  const publishingQueue = createPublishingQueue(jobQueue, logger, overrides.queueTuning);
  const webhookQueue = createWebhookQueue(jobQueue, logger);
  const deletionDeps = { db: database.db, imageStorage, payments, mailer, logger, publishingQueue };
  const secret = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  const auth = createAuth({
    env,
    db: database.db,
    mailer,
    secret,
    logger,
    accountDeletion: createAccountDeletionHooks(deletionDeps),
    accountSecurity: createAccountSecurityHooks({ db: database.db, mailer, env, logger }),
  });
  // Better Auth starts its plugins in the background; the OAuth provider writes its resources then
  // (ADR 0113). A failure there (a database that went away meanwhile, as when a test closes it) is
  // logged instead of escaping as an unhandled rejection. Start-up does not wait for it: a database
  // that does not answer must still let /readyz say so.
  auth.$context.catch((error: unknown) => logger.error({ err: error }, "Anmeldung: Start der Plugins fehlgeschlagen"));
  const tokenBox = tokenBoxFromSettings({
    key: env.TOKEN_ENCRYPTION_KEY,
    previous: env.TOKEN_ENCRYPTION_KEYS_PREVIOUS,
    authSecret: secret,
  });
  const networks = overrides.networks ?? createSocialNetworks(env.networks);
  return {
    env,
    db: database.db,
    auth,
    mailer,
    ai,
    imageStorage,
    payments,
    websiteReader,
    logger,
    pages,
    networks,
    tokenBox,
    jobQueue,
    publishingQueue,
    webhookQueue,
  };
}
