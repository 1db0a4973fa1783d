import { eq, or } from "drizzle-orm";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import type { ArchiveProvenance } from "#shared/archive.ts";
import { BILLING_MESSAGES } from "#shared/billing.ts";
import { isActiveSubscription } from "#shared/credits.ts";
import { type GenerateRequest, type GenerationEvent, parseImageDataUrl } from "#shared/generator.schemas.ts";
import { ACCESS_CODE_MESSAGES, GENERATOR_MESSAGES, IMAGE_MAX_BYTES, POSTS_PER_GENERATION } from "#shared/generator.ts";
import type { AppDeps } from "../../app-env.ts";
import type { Database } from "../../db/client.ts";
import { promptConfigurations, tokenConfigurations } from "../../db/schema/generator.ts";
import { AiCallError, type AiContentPart } from "../../integrations/ai/ai-client.ts";
import {
  detectImageType,
  exceedsPixelLimit,
  type ImageType,
  InvalidImageError,
  readImageSize,
  reencodeImage,
} from "../../integrations/storage/image-files.ts";
import { type ImageStorage, imageNameFromPublicUrl } from "../../integrations/storage/image-storage.ts";
import { WebsiteReadError } from "../../integrations/website/website-reader.ts";
import type { Logger } from "../../logger.ts";
import { createArchiveEntry } from "../archive/archive.service.ts";
import { refreshStalePlans } from "../billing/billing-status.service.ts";
import type { RateLimitRule } from "../rate-limit/rate-limit.service.ts";
import { consumeCredit, getCreditStatus, getProRunsRemaining, markRunArchived, refundRun } from "./credits.service.ts";
import { composeDemoPosts, streamDemoSnapshots } from "./demo-composer.ts";
import { isGeneratorLocked } from "./generator-access.service.ts";
import {
  buildPromptVariables,
  DEFAULT_SYSTEM_PROMPT,
  DEFAULT_USER_PROMPT,
  fillTemplate,
  GENERATOR_CONFIGURATION_NAME,
  GENERATOR_DEFAULT_MAX_TOKENS,
  hashPromptConfiguration,
  type WebsiteContext,
} from "./generator-prompts.ts";

// The post generator's server side (spec section 4 "Generation flow", issue 4, ADR 0012), in
// the spec's order: the route checks the session; here the subscription and the credit (one
// statement), then the image, the website, the model (streamed), the archive row. Anything
// that fails after the charge gives the credit back (+1, log row) and ends with the spec's
// German error. The browser only displays; every decision is made here.

// Per account, in the database (DESIGN.md "rate limits on AI routes"). A Pro plan allows up to
// 300 texts a month, so 20 runs in 10 minutes never stops a real user, only a loop.
export const GENERATOR_RATE_LIMIT: RateLimitRule = { name: "generator", max: 20, windowMs: 10 * 60_000 };

/** Progress events at most this often: enough for a smooth page, few enough bytes. */
const PROGRESS_INTERVAL_MS = 60;
/** The demo "types" its posts within about this long, so the page shows the same stream. */
const DEMO_STREAM_MS = 1200;

// What the model must return. Count and blankness are checked after parsing rather than as
// minItems/minLength, which some providers' strict JSON-schema modes refuse.
const PostsOutputSchema = z.object({
  posts: z.array(z.string()).describe(`Genau ${POSTS_PER_GENERATION} fertige Beiträge, jeder als Zeichenkette.`),
});

type CheckedImage = { bytes: Uint8Array; type: ImageType };

type Failure = { ok: false; status: 400 | 402 | 403 | 404 | 500; error: string };

type GenerationRun = {
  ok: true;
  creditsRemaining: number | null;
  demo: boolean;
  /** Runs the rest of the flow, reporting through `emit`; never throws. */
  run: (emit: (event: GenerationEvent) => void) => Promise<void>;
};

type GenerationDeps = Pick<AppDeps, "db" | "env" | "ai" | "imageStorage" | "websiteReader" | "payments" | "mailer">;

type GenerationOptions = {
  deps: GenerationDeps;
  logger: Logger;
  userId: string;
  request: GenerateRequest;
  /** Tests shorten the demo's typing; the route leaves it alone. */
  demoStreamMs?: number;
};

export async function getGeneratorStatus(deps: Pick<AppDeps, "db" | "env" | "ai">, userId: string) {
  const [profile, proRunsRemaining] = await Promise.all([
    getCreditStatus(deps.db, userId),
    getProRunsRemaining(deps.db, userId),
  ]);
  const isSubscriber = isActiveSubscription(profile?.subscriptionStatus);
  const credits = profile?.credits ?? 0;
  return {
    // ADR 0015: the page shows the access-code gate while this is true.
    accessCodeRequired: await isGeneratorLocked(deps.db, deps.env.GENERATOR_ACCESS_CODE, userId),
    credits,
    subscriptionStatus: profile?.subscriptionStatus ?? "free",
    isSubscriber,
    /** ADR 0023: Pro's runs left in this billing period; null without a Stripe Pro subscription. */
    proRunsRemaining,
    // Spec section 4 "Credit gate": free users with 0 or fewer credits see the upsell panel;
    // a Pro subscriber whose allowance is used up generates on with any credits left.
    canGenerate: Boolean(profile) && ((isSubscriber && proRunsRemaining !== 0) || credits > 0),
    demoMode: deps.ai.model === null,
    imageInput: deps.ai.model === null ? false : deps.ai.supportsImages,
  };
}

/**
 * Everything that can be refused with a plain JSON answer happens here, before the stream
 * starts: the image's bytes, then the credit. The returned `run` does the rest.
 */
export async function startGeneration(options: GenerationOptions): Promise<Failure | GenerationRun> {
  const { deps, logger, userId, request } = options;
  const log = logger.child({ userId, operation: "generate", platform: request.platform });
  if (await isGeneratorLocked(deps.db, deps.env.GENERATOR_ACCESS_CODE, userId))
    return { ok: false, status: 403, error: ACCESS_CODE_MESSAGES.required };

  let image: CheckedImage | null = null;
  if (request.imageData) {
    const checked = await checkImage(request.imageData);
    if (!checked.ok) return checked;
    image = checked.image;
  }

  await refreshStalePlans(deps, log, userId);
  let charge: Awaited<ReturnType<typeof consumeCredit>>;
  try {
    charge = await consumeCredit(deps.db, userId);
  } catch (error) {
    log.error({ err: error }, "Credit konnte nicht abgebucht werden");
    return { ok: false, status: 500, error: GENERATOR_MESSAGES.creditUpdateFailed };
  }
  if (charge.status === "profileNotFound") return { ok: false, status: 404, error: ACCOUNT_MESSAGES.profileNotFound };
  if (charge.status === "noCredits") return { ok: false, status: 402, error: GENERATOR_MESSAGES.noCredits };
  if (charge.status === "allowanceUsed") return { ok: false, status: 402, error: BILLING_MESSAGES.proAllowanceUsed };
  // What a failure gives back: the credit, or the run of Pro's allowance (ADR 0023); the charge
  // row's id names the run, so a sweep can finish what a crash cut short (ADR 0049).
  const runId = charge.status === "charged" || charge.status === "included" ? charge.runId : null;
  const charged = charge.status === "charged" ? "credit" : charge.status === "included" ? "proRun" : null;
  const creditsRemaining = charge.status === "charged" ? charge.creditsRemaining : null;
  const demo = deps.ai.model === null;
  log.info(
    { charged, runId, creditsRemaining, demo, image: Boolean(image), website: Boolean(request.website) },
    "Generierung gestartet",
  );

  return {
    ok: true,
    creditsRemaining,
    demo,
    run: (emit) => runGeneration({ ...options, log, image, runId, charged, creditsRemaining, demo, emit }),
  };
}

type RunContext = GenerationOptions & {
  log: Logger;
  image: CheckedImage | null;
  /** The charge row's id; null when nothing was taken (a subscriber without allowance counting). */
  runId: string | null;
  charged: "credit" | "proRun" | null;
  creditsRemaining: number | null;
  demo: boolean;
  emit: (event: GenerationEvent) => void;
};

class GenerationFailure extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = "GenerationFailure";
  }
}

async function runGeneration(context: RunContext): Promise<void> {
  const { deps, log, request, userId, emit } = context;
  const { imageStorage, websiteReader } = deps;
  const started = performance.now();
  let imageUrl: string | null = null;
  // The model sees the re-encoded image too: no EXIF position or camera data leaves the server.
  let cleanImage: CheckedImage | null = null;
  try {
    if (context.image) {
      try {
        cleanImage = { bytes: await reencodeImage(context.image.bytes, context.image.type), type: context.image.type };
        imageUrl = (await imageStorage.save(cleanImage.bytes, cleanImage.type)).publicUrl;
      } catch (error) {
        if (error instanceof InvalidImageError)
          throw new GenerationFailure(GENERATOR_MESSAGES.imageType, "image-invalid");
        log.error({ err: error }, "Bild konnte nicht gespeichert werden");
        throw new GenerationFailure(GENERATOR_MESSAGES.imageStoreFailed, "image-store");
      }
    }

    let website: WebsiteContext | null = null;
    if (request.website) {
      try {
        website = await websiteReader.read(request.website);
      } catch (error) {
        if (error instanceof WebsiteReadError) throw new GenerationFailure(error.message, `website-${error.kind}`);
        throw error;
      }
    }

    const progress = createProgressReporter(emit);
    const { posts, provenance } = context.demo
      ? {
          posts: await composeInDemoMode(request, progress, context.demoStreamMs ?? DEMO_STREAM_MS),
          provenance: DEMO_PROVENANCE,
        }
      : await composeWithModel(context, cleanImage, website, progress);

    let archiveId = "";
    try {
      // The entry and the run's 'archived' in one transaction: a crash between them must not
      // leave an archived run open for the repair sweep to refund (ADR 0049).
      await deps.db.transaction(async (tx) => {
        archiveId = await createArchiveEntry(tx, {
          userId,
          platform: request.platform,
          language: request.language,
          tone: request.tone,
          keyPoints: request.keyPoints,
          website: request.website ?? null,
          imageUrl,
          posts,
          demo: context.demo,
          provenance,
        });
        if (context.runId && !(await markRunArchived(tx, context.runId)))
          log.warn({ runId: context.runId }, "Generierung war schon erstattet, Ergebnis trotzdem archiviert");
      });
    } catch (error) {
      log.error({ err: error }, "Archiv-Eintrag fehlgeschlagen");
      throw new GenerationFailure(GENERATOR_MESSAGES.archiveFailed, "archive");
    }
    log.info({ ms: elapsed(started), archiveId, demo: context.demo }, "Generierung abgeschlossen");
    emit({ type: "done", posts, archiveId, creditsRemaining: context.creditsRemaining, demo: context.demo });
  } catch (error) {
    const failure =
      error instanceof GenerationFailure
        ? error
        : new GenerationFailure(GENERATOR_MESSAGES.generationFailed, "unexpected");
    if (!(error instanceof GenerationFailure)) log.error({ err: error }, "Unerwarteter Fehler bei der Generierung");
    await removeImage(imageStorage, imageUrl, log);
    const refund = context.runId
      ? await refundSafely(deps.db, context.runId, log)
      : { ok: true as const, credits: null };
    log.warn(
      { reason: failure.reason, refunded: context.runId !== null && refund.ok, ms: elapsed(started) },
      "Generierung fehlgeschlagen",
    );
    emit({
      type: "error",
      message: refund.ok ? failure.message : GENERATOR_MESSAGES.refundFailed,
      creditsRemaining: refund.credits,
    });
  }
}

async function checkImage(dataUrl: string): Promise<Failure | { ok: true; image: CheckedImage }> {
  const parsed = parseImageDataUrl(dataUrl);
  if (!parsed) return { ok: false, status: 400, error: GENERATOR_MESSAGES.imageType };
  // Size and type before decoding all of it (ADR 0050): the length of the base64 text gives the
  // size, its first 16 characters the first 12 bytes, which are all the magic numbers need.
  if (Math.floor((parsed.base64.length * 3) / 4) - 2 > IMAGE_MAX_BYTES)
    return { ok: false, status: 400, error: GENERATOR_MESSAGES.imageTooLarge };
  // The bytes decide (DESIGN.md "Uploads"): a GIF or an HTML file called .png is refused.
  if (!detectImageType(Buffer.from(parsed.base64.slice(0, 16), "base64")))
    return { ok: false, status: 400, error: GENERATOR_MESSAGES.imageType };
  const bytes = Buffer.from(parsed.base64, "base64");
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, status: 400, error: GENERATOR_MESSAGES.imageTooLarge };
  const type = detectImageType(bytes);
  if (!type) return { ok: false, status: 400, error: GENERATOR_MESSAGES.imageType };
  // Before the charge and before any decoding (ADR 0020): the header's size decides.
  const size = await readImageSize(bytes);
  if (!size) return { ok: false, status: 400, error: GENERATOR_MESSAGES.imageType };
  if (exceedsPixelLimit(size)) return { ok: false, status: 400, error: GENERATOR_MESSAGES.imageTooManyPixels };
  return { ok: true, image: { bytes, type } };
}

type ProgressReporter = { report: (posts: string[]) => void };

// Sends the posts so far, at most every PROGRESS_INTERVAL_MS, but always when a new post
// begins, so the page sees each finished post as soon as the next one starts.
function createProgressReporter(emit: (event: GenerationEvent) => void): ProgressReporter {
  let lastSent = 0;
  let lastCount = 0;
  let lastKey = "";
  return {
    report(posts) {
      const key = JSON.stringify(posts);
      if (key === lastKey || posts.length === 0) return;
      const now = performance.now();
      if (posts.length === lastCount && now - lastSent < PROGRESS_INTERVAL_MS) return;
      lastSent = now;
      lastCount = posts.length;
      lastKey = key;
      emit({ type: "progress", posts });
    },
  };
}

// The offline composer uses no provider, model, prompt or token limit (ADR 0012, 0025).
const DEMO_PROVENANCE: ArchiveProvenance = {
  demo: true,
  provider: null,
  model: null,
  promptConfigurationId: null,
  promptHash: null,
  tokenConfigurationId: null,
  maxTokens: null,
};

async function composeInDemoMode(request: GenerateRequest, progress: ProgressReporter, streamMs: number) {
  const posts = composeDemoPosts(request);
  const snapshots = [...streamDemoSnapshots(posts)];
  const stepMs = snapshots.length > 0 ? streamMs / snapshots.length : 0;
  for (const snapshot of snapshots) {
    progress.report(snapshot);
    if (stepMs >= 1) await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  return posts;
}

async function composeWithModel(
  context: RunContext,
  image: CheckedImage | null,
  website: WebsiteContext | null,
  progress: ProgressReporter,
): Promise<{ posts: string[]; provenance: ArchiveProvenance }> {
  const { deps, log, request } = context;
  const configuration = await loadGeneratorConfiguration(deps.db, log);
  // ADR 0025: recorded from what this run really sends, so an admin's later edit of the
  // prompt or the server's next AI_MODEL does not rewrite the history of earlier entries.
  const provenance: ArchiveProvenance = {
    demo: false,
    provider: deps.ai.model?.provider ?? null,
    model: deps.ai.model?.id ?? null,
    promptConfigurationId: configuration.promptConfigurationId,
    promptHash: hashPromptConfiguration(configuration),
    tokenConfigurationId: configuration.tokenConfigurationId,
    maxTokens: configuration.maxTokens,
  };
  const sendImage = Boolean(image) && deps.ai.supportsImages;
  const variables = buildPromptVariables({ ...request, website, hasImage: sendImage });
  const userText = fillTemplate(configuration.userPrompt, variables);
  const content: AiContentPart[] = [{ type: "text", text: userText }];
  if (sendImage && image) {
    content.push({ type: "image", image: image.bytes, mediaType: `image/${image.type}` });
  }
  const started = performance.now();
  try {
    const output = await deps.ai.streamStructured({
      instructions: fillTemplate(configuration.systemPrompt, variables),
      messages: [{ role: "user", content: sendImage ? content : userText }],
      schema: PostsOutputSchema,
      name: "posts",
      maxOutputTokens: configuration.maxTokens,
      onPartial: (partial) => progress.report(partialPosts(partial)),
    });
    const posts = output.posts.map((post) => post.trim());
    if (posts.length !== POSTS_PER_GENERATION || posts.some((post) => post === "")) {
      log.warn({ count: posts.length }, "KI lieferte nicht genau drei Beiträge");
      throw new GenerationFailure(GENERATOR_MESSAGES.invalidResponse, "ai-post-count");
    }
    log.info(
      { provider: deps.ai.model?.provider, model: deps.ai.model?.id, ms: elapsed(started) },
      "KI-Beiträge erhalten",
    );
    return { posts, provenance };
  } catch (error) {
    if (!(error instanceof AiCallError)) throw error;
    // The kind and the vendor's status only: messages may quote the model's text.
    log.warn({ kind: error.kind, ...error.detail, ms: elapsed(started) }, "KI-Aufruf fehlgeschlagen");
    if (error.kind === "invalid-output") throw new GenerationFailure(GENERATOR_MESSAGES.invalidResponse, "ai-invalid");
    if (error.kind === "timeout") throw new GenerationFailure(GENERATOR_MESSAGES.timeout, "ai-timeout");
    throw new GenerationFailure(GENERATOR_MESSAGES.generationFailed, "ai-provider");
  }
}

/** The strings of a partial `{ posts: [...] }`, the last one possibly unfinished. */
function partialPosts(partial: unknown): string[] {
  const posts = (partial as { posts?: unknown } | undefined)?.posts;
  if (!Array.isArray(posts)) return [];
  return posts.filter((post): post is string => typeof post === "string").slice(0, POSTS_PER_GENERATION);
}

export async function loadGeneratorConfiguration(db: Database, log?: Logger) {
  // Both tables in one round trip (this runs on every generation); the full join still
  // returns the one that exists when the other is missing.
  const [row] = await db
    .select({
      promptConfigurationId: promptConfigurations.id,
      tokenConfigurationId: tokenConfigurations.id,
      systemPrompt: promptConfigurations.systemPrompt,
      userPrompt: promptConfigurations.userPrompt,
      maxTokens: tokenConfigurations.maxTokens,
    })
    .from(promptConfigurations)
    .fullJoin(tokenConfigurations, eq(tokenConfigurations.name, promptConfigurations.name))
    .where(
      or(
        eq(promptConfigurations.name, GENERATOR_CONFIGURATION_NAME),
        eq(tokenConfigurations.name, GENERATOR_CONFIGURATION_NAME),
      ),
    )
    .limit(1);
  if (row?.systemPrompt == null || row.userPrompt == null || row.maxTokens == null)
    log?.warn({ name: GENERATOR_CONFIGURATION_NAME }, "Generator-Konfiguration fehlt, nutze Standard");
  return {
    systemPrompt: row?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
    userPrompt: row?.userPrompt ?? DEFAULT_USER_PROMPT,
    maxTokens: row?.maxTokens ?? GENERATOR_DEFAULT_MAX_TOKENS,
    /** null where the code's default stood in for a missing row (ADR 0025 records which). */
    promptConfigurationId: row?.promptConfigurationId ?? null,
    tokenConfigurationId: row?.tokenConfigurationId ?? null,
  };
}

// A refund that fails (database unreachable) leaves the run open; the repair sweep gives it
// back later (ADR 0049), which is what the page then tells the user.
async function refundSafely(
  db: Database,
  runId: string,
  log: Logger,
): Promise<{ ok: true; credits: number | null } | { ok: false; credits: null }> {
  try {
    const refund = await refundRun(db, runId);
    return { ok: true, credits: refund.refunded ? refund.creditsRemaining : null };
  } catch (error) {
    log.error({ err: error, runId }, "Credit konnte nicht zurückerstattet werden");
    return { ok: false, credits: null };
  }
}

async function removeImage(
  storage: { remove(name: string): Promise<void> },
  imageUrl: string | null,
  log: Logger,
): Promise<void> {
  const name = imageNameFromPublicUrl(imageUrl);
  if (!name) return;
  await storage.remove(name).catch((error: unknown) => log.warn({ err: error }, "Bild konnte nicht entfernt werden"));
}

/** The image as a stream: served straight from the storage (a file or an S3 object) without holding it in memory. */
export async function readSocialImage(storage: ImageStorage, name: string) {
  return storage.open(name);
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
