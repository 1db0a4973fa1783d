import type { Refusal } from "#server/api-error.ts";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { createArchiveEntry } from "#server/features/archive/archive.service.ts";
import { refreshStalePlans } from "#server/features/billing/billing-status.service.ts";
import { ownExamples } from "#server/features/own-results/own-results.service.ts";
import type { RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";
import { InvalidImageError, reencodeImage } from "#server/integrations/storage/image-files.ts";
import { WebsiteReadError } from "#server/integrations/website/website-reader.ts";
import type { Logger } from "#server/logger.ts";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { BILLING_MESSAGES } from "#shared/billing.ts";
import { isActiveSubscription } from "#shared/credits.ts";
import type { GenerationEvent } from "#shared/generator.schemas.ts";
import { ACCESS_CODE_MESSAGES, GENERATOR_MESSAGES, networkOfPlatform } from "#shared/generator.ts";
import { tooFewExamplesMessage } from "#shared/own-results.ts";
import { composeInDemoMode, composeWithModel, elapsed, GenerationFailure } from "./compose-posts.ts";
import { consumeCredit, getCreditStatus, getProRunsRemaining, markRunArchived, refundRun } from "./credits.service.ts";
import type { UploadedImage } from "./generate-body.ts";
import type { GenerationRequest } from "./generate-request.ts";
import { isGeneratorLocked } from "./generator-access.service.ts";
import { type CheckedImage, checkImage, removeImage } from "./generator-image.ts";
import type { PromptExample, WebsiteContext } from "./generator-prompts.ts";
import { createProgressReporter } from "./progress-reporter.ts";

// The post generator's server side (spec section 4 "Generation flow", ADR 0012), in
// the spec's order: the route checks the session; here the subscription and the credit (one
// statement), then the image, the website, the model (streamed), the archive row. Anything
// that fails after the charge gives the credit back (+1, log row) and ends with the spec's
// German error. The browser only displays; every decision is made here.

// Per account, in the database (DESIGN.md "rate limits on AI routes"). A Pro plan allows up to
// 300 texts a month, so 20 runs in 10 minutes never stops a real user, only a loop.
export const GENERATOR_RATE_LIMIT: RateLimitRule = { name: "generator", max: 20, windowMs: 10 * 60_000 };

/** The demo "types" its posts within about this long, so the page shows the same stream. */
const DEMO_STREAM_MS = 1200;

type Failure = Refusal<400 | 402 | 403 | 404 | 409 | 500>;

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
  request: GenerationRequest;
  /** The image's bytes as the body brought them, checked here before the charge. */
  image: UploadedImage | null;
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
  const demoMode = deps.ai.model === null;
  return {
    // ADR 0015: the page shows the access-code gate while this is true.
    accessCodeRequired: await isGeneratorLocked(deps.db, deps.env.GENERATOR_ACCESS_CODE, userId),
    credits,
    subscriptionStatus: profile?.subscriptionStatus ?? "free",
    isSubscriber,
    /** ADR 0023: Pro's runs left in this billing period; null without a Stripe Pro subscription. */
    proRunsRemaining,
    // Spec section 4 "Credit gate": free users with 0 or fewer credits see the upsell panel;
    // a Pro subscriber whose allowance is used up generates on with any credits left. A demo
    // run costs nothing (ADR 0062), so the demo never shows the gate.
    canGenerate: Boolean(profile) && (demoMode || (isSubscriber && proRunsRemaining !== 0) || credits > 0),
    demoMode,
    imageInput: deps.ai.model === null ? false : deps.ai.supportsImages,
  };
}

/**
 * Everything that can be refused with a plain JSON answer happens here, before the stream
 * starts: the image's bytes, then the credit. The returned `run` does the rest.
 */
export async function startGeneration(options: GenerationOptions): Promise<Failure | GenerationRun> {
  const { deps, logger, userId, request } = options;
  const log = logger.child({ userId, operation: "generate", platform: request.platform, format: request.format });
  if (await isGeneratorLocked(deps.db, deps.env.GENERATOR_ACCESS_CODE, userId))
    return { ok: false, status: 403, code: "ACCESS_CODE_REQUIRED", error: ACCESS_CODE_MESSAGES.required };

  let image: CheckedImage | null = null;
  if (options.image) {
    const checked = await checkImage(options.image);
    if (!checked.ok) return checked;
    image = checked.image;
  }

  // ADR 0114: the user's own examples are chosen before the charge, so too few refuse the run for
  // free; only the user's own posts, read by user id.
  let examples: PromptExample[] = [];
  if (request.useOwnExamples) {
    const choice = await ownExamples(deps.db, userId, networkOfPlatform(request.platform) ?? "x");
    if (choice.examples.length === 0)
      return {
        ok: false,
        status: 409,
        code: "TOO_FEW_OWN_EXAMPLES",
        error: tooFewExamplesMessage(choice.postsWithFigures),
      };
    examples = choice.examples;
  }

  await refreshStalePlans(deps, log, userId);
  const demo = deps.ai.model === null;
  let charge: Awaited<ReturnType<typeof consumeCredit>> | { status: "demo" };
  try {
    // ADR 0062: a demo run only fills templates, so it costs nothing and opens no run to repair.
    charge = demo ? { status: "demo" } : await consumeCredit(deps.db, userId);
  } catch (error) {
    log.error({ err: error }, "Credit konnte nicht abgebucht werden");
    return { ok: false, status: 500, code: "SERVER_ERROR", error: GENERATOR_MESSAGES.creditUpdateFailed };
  }
  if (charge.status === "profileNotFound")
    return { ok: false, status: 404, code: "PROFILE_NOT_FOUND", error: ACCOUNT_MESSAGES.profileNotFound };
  if (charge.status === "noCredits")
    return { ok: false, status: 402, code: "NO_CREDITS", error: GENERATOR_MESSAGES.noCredits };
  if (charge.status === "allowanceUsed")
    return { ok: false, status: 402, code: "PRO_ALLOWANCE_USED", error: BILLING_MESSAGES.proAllowanceUsed };
  // What a failure gives back: the credit, or the run of Pro's allowance (ADR 0023); the charge
  // row's id names the run, so a sweep can finish what a crash cut short (ADR 0049).
  const runId = charge.status === "charged" || charge.status === "included" ? charge.runId : null;
  const charged = charge.status === "charged" ? "credit" : charge.status === "included" ? "proRun" : null;
  const creditsRemaining = charge.status === "charged" ? charge.creditsRemaining : null;
  log.info(
    {
      charged,
      runId,
      creditsRemaining,
      demo,
      image: Boolean(image),
      website: Boolean(request.website),
      ownExamples: examples.length,
    },
    "Generierung gestartet",
  );

  return {
    ok: true,
    creditsRemaining,
    demo,
    run: (emit) => runGeneration({ ...options, log, image, examples, runId, charged, creditsRemaining, demo, emit }),
  };
}

type RunContext = Omit<GenerationOptions, "image"> & {
  log: Logger;
  image: CheckedImage | null;
  examples: PromptExample[];
  /** The charge row's id; null when nothing was taken (a subscriber without allowance counting). */
  runId: string | null;
  charged: "credit" | "proRun" | null;
  creditsRemaining: number | null;
  demo: boolean;
  emit: (event: GenerationEvent) => void;
};

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
    const { posts, threads, provenance } = context.demo
      ? await composeInDemoMode(request, progress, context.demoStreamMs ?? DEMO_STREAM_MS)
      : await composeWithModel({
          deps,
          log,
          request,
          image: cleanImage,
          website,
          examples: context.examples,
          progress,
        });

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
          threads,
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
    emit({
      type: "done",
      posts,
      ...(threads ? { threads } : {}),
      archiveId,
      creditsRemaining: context.creditsRemaining,
      demo: context.demo,
    });
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
