import type { JobQueue } from "#server/db/job-queue.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { Auth, AuthSession } from "./auth.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { PageDocuments } from "./features/pages/page-documents.ts";
import type { PublishingQueue } from "./features/publishing/publishing-queue.ts";
import type { WebhookQueue } from "./features/webhooks/webhook-queue.ts";
import type { AiClient } from "./integrations/ai/ai-client.ts";
import type { Mailer } from "./integrations/mail/mailer.ts";
import type { SocialNetwork } from "./integrations/social/social-network.ts";
import type { ImageStorage } from "./integrations/storage/image-storage.ts";
import type { Payments } from "./integrations/stripe/stripe-payments.ts";
import type { WebsiteReader } from "./integrations/website/website-reader.ts";
import type { Logger } from "./logger.ts";
import type { TokenBox } from "./token-crypto.ts";

// Everything a request handler may need, built once at start-up (server/main.ts) or
// per test file, and handed to every request as c.var.deps. Read-only: a test that needs
// another dependency passes it to createDeps (DepsOverrides) instead of swapping it later.
export type AppDeps = Readonly<{
  env: Env;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  /** The AI model, or `model: null` in the offline demo mode (no AI_PROVIDER). */
  ai: AiClient;
  /** The social-images bucket (spec section 3): a local folder or S3 (ADR 0027). */
  imageStorage: ImageStorage;
  /** Stripe, or null when payments are off (no STRIPE_SECRET_KEY; ADR 0023). */
  payments: Payments | null;
  /** Reads a user's website safely for the generator's prompt (ADR 0013). */
  websiteReader: WebsiteReader;
  logger: Logger;
  pages: PageDocuments;
  /** X, LinkedIn and Bluesky behind one seam (ADR 0053); unconfigured ones say so. */
  networks: Record<NetworkId, SocialNetwork>;
  /** Seals and opens the networks' tokens at rest (ADR 0059). */
  tokenBox: TokenBox;
  /** pg-boss on our database (ADR 0078); started on first use, workers and schedules only by start-server.ts. */
  jobQueue: JobQueue;
  /** Publishing's jobs on it: one per publication (ADR 0053). */
  publishingQueue: PublishingQueue;
  /** Webhook deliveries on it: one job per attempt (ADR 0110). */
  webhookQueue: WebhookQueue;
}>;

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    logger: Logger;
    requestId: string;
    session: AuthSession | null;
  };
};
