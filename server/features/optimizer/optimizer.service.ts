import { and, eq, inArray, isNull, notExists, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import type { Refusal } from "#server/api-error.ts";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { optimizerAiCalls } from "#server/db/schema/optimizer-ai-calls.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import type { RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";
import { AiCallError, type AiClient, type AiMessage } from "#server/integrations/ai/ai-client.ts";
import type { Logger } from "#server/logger.ts";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { ENTITLING_STATUSES, type Plan } from "#shared/billing.ts";
import { OPTIMIZER_ERRORS, OPTIMIZER_MESSAGES } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
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

// Grammar and improvement work on a list of posts: a single post is the one-post case, a thread
// keeps its split (the answer must have as many posts as the request, or it is a failure).
const AnsweredPostsSchema = z.object({ posts: z.array(z.string()) });

type OptimizerDeps = Pick<AppDeps, "db" | "ai">;

export type AiRequest = { deps: OptimizerDeps; logger: Logger; userId: string; posts: string[]; now?: Date };

export type PostsAnswer = { ok: true; posts: string[]; demo: boolean } | Refusal<403 | 502 | 504>;

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

// For the admin's usage panel: one row per answered grammar check or improvement, without the
// text. A refusal for lack of access is no call. Counting never costs the writer the answer.
async function countAiCall(
  { deps, logger }: AiRequest,
  kind: "grammar" | "improve",
  answer: PostsAnswer,
): Promise<PostsAnswer> {
  if (!answer.ok && answer.status === 403) return answer;
  try {
    await deps.db.insert(optimizerAiCalls).values({ kind, succeeded: answer.ok, demo: deps.ai.model === null });
  } catch (error) {
    logger.error({ err: error, kind }, "KI-Aufruf des Optimizers konnte nicht gezählt werden");
  }
  return answer;
}

/** Corrects each post's spelling, grammar and punctuation; the answer has the same posts in the same order. */
export async function correctGrammar(request: AiRequest) {
  return countAiCall(request, "grammar", await checkGrammar(request));
}

/** Fits each post to the six criteria; the answer has the same posts in the same order. */
export async function improvePosts(request: AiRequest) {
  return countAiCall(request, "improve", await improve(request));
}

async function checkGrammar({ deps, logger, userId, posts, now }: AiRequest): Promise<PostsAnswer> {
  const refused = await refuseWithoutAiAccess(deps.db, userId, now ?? new Date());
  if (refused) return refused;
  const log = logger.child({ userId, operation: "correct-grammar", ...describePosts(posts) });
  if (!deps.ai.model) {
    const words = await loadGermanWordList();
    log.info("Grammatik im Demo-Modus geprüft");
    return { ok: true, posts: posts.map((post) => correctObviousMistakes(post, words)), demo: true };
  }
  const failed: Refusal<502> = { ok: false, status: 502, code: "AI_FAILED", error: OPTIMIZER_MESSAGES.grammarFailed };
  const started = performance.now();
  let corrected: string[];
  try {
    corrected = await askForPosts(deps.ai, "correctedPosts", GRAMMAR_INSTRUCTIONS, [
      { role: "user", content: buildGrammarPrompt(posts) },
    ]);
  } catch (error) {
    return answerAiFailure(error, log, started, OPTIMIZER_MESSAGES.grammarFailed);
  }
  if (!keepsTheSplit(posts, corrected, log)) return failed;
  if (!corrected.every((post, index) => isPlausibleCorrection(posts[index] ?? "", post))) {
    log.warn({ outputLength: totalLength(corrected), ms: elapsed(started) }, "KI-Korrektur unplausibel verworfen");
    return failed;
  }
  log.info({ ...describeModel(deps.ai), ms: elapsed(started) }, "Grammatik mit KI geprüft");
  return { ok: true, posts: corrected, demo: false };
}

async function improve({ deps, logger, userId, posts, now }: AiRequest): Promise<PostsAnswer> {
  const refused = await refuseWithoutAiAccess(deps.db, userId, now ?? new Date());
  if (refused) return refused;
  const log = logger.child({ userId, operation: "improve-post", ...describePosts(posts) });
  if (!deps.ai.model) {
    // The demo editor's result is shown with its real score, whatever it reaches (ADR 0007).
    log.info("Beitrag im Demo-Modus optimiert");
    return { ok: true, posts: posts.map(fitPostToCriteria), demo: true };
  }
  const failed: Refusal<502> = { ok: false, status: 502, code: "AI_FAILED", error: OPTIMIZER_MESSAGES.improveFailed };
  const started = performance.now();
  const messages: AiMessage[] = [{ role: "user", content: buildImprovePrompt(posts) }];
  for (let attempt = 1; attempt <= IMPROVE_MAX_MODEL_CALLS; attempt++) {
    let improved: string[];
    try {
      improved = await askForPosts(deps.ai, "improvedPosts", IMPROVE_INSTRUCTIONS, messages);
    } catch (error) {
      return answerAiFailure(error, log.child({ attempt }), started, OPTIMIZER_MESSAGES.improveFailed);
    }
    if (!keepsTheSplit(posts, improved, log)) return failed;
    // The spec's six criteria for every post, measured exactly as the page measures them.
    const misses = improved
      .map((post, index) => ({
        position: index + 1,
        failed: evaluatePost(post).criteria.filter((criterion) => !criterion.passed),
      }))
      .filter((miss) => miss.failed.length > 0);
    if (misses.length === 0) {
      log.info({ ...describeModel(deps.ai), attempt, ms: elapsed(started) }, "Beitrag mit KI optimiert");
      return { ok: true, posts: improved, demo: false };
    }
    const failedCriteria = misses.map((miss) => ({ post: miss.position, failed: miss.failed.map(({ id }) => id) }));
    log.info({ attempt, misses: failedCriteria }, "KI-Vorschlag verfehlt Kriterien");
    messages.push(
      { role: "assistant", content: JSON.stringify({ posts: improved }) },
      { role: "user", content: buildRetryFeedback(misses, posts.length) },
    );
  }
  log.warn({ ...describeModel(deps.ai), ms: elapsed(started) }, "Kein KI-Vorschlag erfüllt alle Kriterien");
  return failed;
}

async function askForPosts(
  ai: AiClient,
  name: "correctedPosts" | "improvedPosts",
  instructions: string,
  messages: AiMessage[],
): Promise<string[]> {
  const output = await ai.generateStructured({ instructions, messages, schema: AnsweredPostsSchema, name });
  return output.posts.map((post) => post.trim());
}

// Never silently re-split: a thread the model merged or split differently is no answer.
function keepsTheSplit(posts: string[], answered: string[], log: Logger): boolean {
  if (answered.length === posts.length) return true;
  log.warn({ expected: posts.length, received: answered.length }, "KI-Antwort mit anderer Zahl an Posts verworfen");
  return false;
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

function describePosts(posts: string[]) {
  return { postCount: posts.length, textLength: totalLength(posts) };
}

function totalLength(posts: string[]): number {
  return posts.reduce((sum, post) => sum + post.length, 0);
}

function describeModel(ai: AiClient) {
  return { provider: ai.model?.provider, model: ai.model?.id };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
