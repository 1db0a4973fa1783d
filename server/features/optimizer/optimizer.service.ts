import { and, eq, inArray, isNull, notExists, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { ENTITLING_STATUSES, type Plan } from "#shared/billing.ts";
import { OPTIMIZER_ERRORS, OPTIMIZER_MESSAGES, POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import type { Refusal } from "../../api-error.ts";
import type { AppDeps } from "../../app-env.ts";
import type { Database } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { optimizerAiCalls } from "../../db/schema/optimizer-ai-calls.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AiCallError, type AiClient, type AiMessage } from "../../integrations/ai/ai-client.ts";
import type { Logger } from "../../logger.ts";
import type { RateLimitRule } from "../rate-limit/rate-limit.service.ts";
import { correctObviousMistakes, fitPostToCriteria } from "./demo-editor.ts";
import { loadGermanWordList } from "./german-word-list.ts";
import { resolveAiAccess } from "./optimizer-access.ts";
import {
  buildGrammarPrompt,
  buildImprovePrompt,
  buildRetryFeedback,
  GRAMMAR_INSTRUCTIONS,
  IMPROVE_INSTRUCTIONS,
} from "./optimizer-prompts.ts";
import { findSpellingIssues } from "./spelling-hints.ts";

// The X-post optimizer's server side (ADR 0007): who may use AI, the trial, the
// grammar check and the improvement (through the AI integration or the offline demo
// editor), and the spelling hints.

// ADR 0007: per account, counted in the database.
export const OPTIMIZER_AI_RATE_LIMIT: RateLimitRule = { name: "optimizer-ai", max: 20, windowMs: 10 * 60_000 };
export const SPELLING_RATE_LIMIT: RateLimitRule = { name: "optimizer-spelling", max: 120, windowMs: 60_000 };

/** ADR 0007: the first answer and at most two retries with the failed criteria named. */
export const IMPROVE_MAX_MODEL_CALLS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

// A correction that changes the length this much is no correction (or followed an
// instruction hidden in the post): refuse it rather than replace the writer's text.
const GRAMMAR_MAX_LENGTH_CHANGE = 0.5;
const GRAMMAR_LENGTH_SLACK = 20;

const CorrectedTextSchema = z.object({ correctedText: z.string() });
const ImprovedTextSchema = z.object({ improvedText: z.string() });

type OptimizerDeps = Pick<AppDeps, "db" | "ai">;

type AiRequest = { deps: OptimizerDeps; logger: Logger; userId: string; postText: string; now?: Date };

export async function getOptimizerAccess(deps: OptimizerDeps, userId: string, now = new Date()) {
  const access = await readAiAccess(deps.db, userId, now);
  return {
    canUseAi: access.canUseAi,
    via: access.via,
    trialEndsAt: access.trialEndsAt?.toISOString() ?? null,
    trialAvailable: access.trialAvailable,
    demoMode: deps.ai.model === null,
  };
}

// One statement decides, so two clicks at once cannot start two trials (ADR 0007).
const PREMIUM: Plan = "optimizer_premium";

/** The account's running Optimizer Premium subscription (ADR 0023), as a subquery. */
function premiumOf(db: Database, userId: SQLWrapper) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.plan, PREMIUM),
        inArray(subscriptions.status, [...ENTITLING_STATUSES]),
      ),
    )
    .$dynamic();
}

export async function startOptimizerTrial(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<{ ok: true; trialEndsAt: Date } | Refusal<404 | 409>> {
  const endsAt = new Date(now.getTime() + OPTIMIZER_TRIAL_DAYS * DAY_MS);
  const [started] = await db
    .update(profiles)
    .set({ trialStartedAt: now, trialEndsAt: endsAt })
    .where(
      and(
        eq(profiles.id, userId),
        isNull(profiles.trialStartedAt),
        isNull(profiles.trialEndsAt),
        notExists(premiumOf(db, profiles.id)),
      ),
    )
    .returning({ trialEndsAt: profiles.trialEndsAt });
  if (started?.trialEndsAt) return { ok: true, trialEndsAt: started.trialEndsAt };
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (!profile) return { ok: false, status: 404, code: "PROFILE_NOT_FOUND", error: ACCOUNT_MESSAGES.profileNotFound };
  const [premium] = await premiumOf(db, profiles.id).where(eq(subscriptions.userId, userId));
  if (premium) return { ok: false, status: 409, code: "TRIAL_NOT_NEEDED", error: OPTIMIZER_ERRORS.trialNotNeeded };
  return { ok: false, status: 409, code: "TRIAL_USED", error: OPTIMIZER_ERRORS.trialAlreadyUsed };
}

type AiAnswer = { ok: true; demo: boolean } | Refusal<403 | 502 | 504>;

// For the admin's usage panel: one row per answered grammar check or improvement, without the
// text. A refusal for lack of access is no call. Counting never costs the writer the answer.
async function countAiCall<Answer extends AiAnswer>(
  { deps, logger }: AiRequest,
  kind: "grammar" | "improve",
  answer: Answer,
): Promise<Answer> {
  if (!answer.ok && answer.status === 403) return answer;
  try {
    await deps.db.insert(optimizerAiCalls).values({ kind, succeeded: answer.ok, demo: deps.ai.model === null });
  } catch (error) {
    logger.error({ err: error, kind }, "KI-Aufruf des Optimizers konnte nicht gezählt werden");
  }
  return answer;
}

export async function correctPostGrammar(request: AiRequest) {
  return countAiCall(request, "grammar", await checkGrammar(request));
}

export async function improvePostText(request: AiRequest) {
  return countAiCall(request, "improve", await improvePost(request));
}

async function checkGrammar({
  deps,
  logger,
  userId,
  postText,
  now,
}: AiRequest): Promise<{ ok: true; correctedText: string; demo: boolean } | Refusal<403 | 502 | 504>> {
  const refused = await refuseWithoutAiAccess(deps.db, userId, now ?? new Date());
  if (refused) return refused;
  const log = logger.child({ userId, operation: "correct-grammar", textLength: postText.length });
  if (!deps.ai.model) {
    const correctedText = correctObviousMistakes(postText, await loadGermanWordList());
    log.info("Grammatik im Demo-Modus geprüft");
    return { ok: true, correctedText, demo: true };
  }
  const started = performance.now();
  try {
    const output = await deps.ai.generateStructured({
      instructions: GRAMMAR_INSTRUCTIONS,
      messages: [{ role: "user", content: buildGrammarPrompt(postText) }],
      schema: CorrectedTextSchema,
      name: "correctedText",
    });
    const correctedText = output.correctedText.trim();
    if (!isPlausibleCorrection(postText, correctedText)) {
      log.warn({ outputLength: correctedText.length, ms: elapsed(started) }, "KI-Korrektur unplausibel verworfen");
      return { ok: false, status: 502, code: "AI_FAILED", error: OPTIMIZER_MESSAGES.grammarFailed };
    }
    log.info({ ...describeModel(deps.ai), ms: elapsed(started) }, "Grammatik mit KI geprüft");
    return { ok: true, correctedText, demo: false };
  } catch (error) {
    return answerAiFailure(error, log, started, OPTIMIZER_MESSAGES.grammarFailed);
  }
}

async function improvePost({
  deps,
  logger,
  userId,
  postText,
  now,
}: AiRequest): Promise<{ ok: true; improvedText: string; demo: boolean } | Refusal<403 | 502 | 504>> {
  const refused = await refuseWithoutAiAccess(deps.db, userId, now ?? new Date());
  if (refused) return refused;
  const log = logger.child({ userId, operation: "improve-post", textLength: postText.length });
  if (!deps.ai.model) {
    const improvedText = fitPostToCriteria(postText);
    if (evaluatePost(improvedText).score !== POST_SCORE_MAX) {
      log.error("Demo-Editor hat die Kriterien verfehlt");
      return { ok: false, status: 502, code: "AI_FAILED", error: OPTIMIZER_MESSAGES.improveFailed };
    }
    log.info("Beitrag im Demo-Modus optimiert");
    return { ok: true, improvedText, demo: true };
  }
  const started = performance.now();
  const messages: AiMessage[] = [{ role: "user", content: buildImprovePrompt(postText) }];
  for (let attempt = 1; attempt <= IMPROVE_MAX_MODEL_CALLS; attempt++) {
    let improvedText: string;
    try {
      const output = await deps.ai.generateStructured({
        instructions: IMPROVE_INSTRUCTIONS,
        messages,
        schema: ImprovedTextSchema,
        name: "improvedText",
      });
      improvedText = output.improvedText.trim();
    } catch (error) {
      return answerAiFailure(error, log.child({ attempt }), started, OPTIMIZER_MESSAGES.improveFailed);
    }
    // The spec's six criteria, measured exactly as the page measures them.
    const evaluation = evaluatePost(improvedText);
    if (evaluation.score === POST_SCORE_MAX) {
      log.info({ ...describeModel(deps.ai), attempt, ms: elapsed(started) }, "Beitrag mit KI optimiert");
      return { ok: true, improvedText, demo: false };
    }
    const failed = evaluation.criteria.filter((criterion) => !criterion.passed);
    log.info({ attempt, failed: failed.map((criterion) => criterion.id) }, "KI-Vorschlag verfehlt Kriterien");
    messages.push(
      { role: "assistant", content: JSON.stringify({ improvedText }) },
      { role: "user", content: buildRetryFeedback(failed) },
    );
  }
  log.warn({ ...describeModel(deps.ai), ms: elapsed(started) }, "Kein KI-Vorschlag erfüllt alle Kriterien");
  return { ok: false, status: 502, code: "AI_FAILED", error: OPTIMIZER_MESSAGES.improveFailed };
}

export async function checkPostSpelling(text: string) {
  const words = await loadGermanWordList();
  return { issues: findSpellingIssues(text, words) };
}

async function readAiAccess(db: Database, userId: string, now: Date) {
  const [profile] = await db
    .select({
      premiumStatus: subscriptions.status,
      trialStartedAt: profiles.trialStartedAt,
      trialEndsAt: profiles.trialEndsAt,
    })
    .from(profiles)
    .leftJoin(subscriptions, and(eq(subscriptions.userId, profiles.id), eq(subscriptions.plan, PREMIUM)))
    .where(eq(profiles.id, userId))
    .limit(1);
  return resolveAiAccess(profile ?? { premiumStatus: null, trialStartedAt: null, trialEndsAt: null }, now);
}

async function refuseWithoutAiAccess(db: Database, userId: string, now: Date): Promise<Refusal<403> | null> {
  const access = await readAiAccess(db, userId, now);
  if (access.canUseAi) return null;
  if (access.trialExpired)
    return { ok: false, status: 403, code: "TRIAL_EXPIRED", error: OPTIMIZER_ERRORS.trialExpired };
  return { ok: false, status: 403, code: "PREMIUM_REQUIRED", error: OPTIMIZER_ERRORS.premiumRequired };
}

function answerAiFailure(error: unknown, log: Logger, started: number, failedMessage: string): Refusal<502 | 504> {
  if (!(error instanceof AiCallError)) throw error;
  // The kind and the vendor's status only: the error's message may quote the model's text.
  log.warn({ kind: error.kind, ...error.detail, ms: elapsed(started) }, "KI-Aufruf fehlgeschlagen");
  if (error.kind === "timeout") return { ok: false, status: 504, code: "AI_TIMEOUT", error: OPTIMIZER_ERRORS.timeout };
  return { ok: false, status: 502, code: "AI_FAILED", error: failedMessage };
}

function isPlausibleCorrection(original: string, corrected: string): boolean {
  if (corrected === "") return false;
  const change = Math.abs(corrected.length - original.trim().length);
  return change <= original.trim().length * GRAMMAR_MAX_LENGTH_CHANGE + GRAMMAR_LENGTH_SLACK;
}

function describeModel(ai: AiClient) {
  return { provider: ai.model?.provider, model: ai.model?.id };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
