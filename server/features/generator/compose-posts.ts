import { z } from "zod";
import type { AppDeps } from "#server/app-env.ts";
import { AiCallError, type AiContentPart } from "#server/integrations/ai/ai-client.ts";
import type { Logger } from "#server/logger.ts";
import type { ArchiveProvenance } from "#shared/archive.ts";
import {
  GENERATOR_MESSAGES,
  joinThread,
  POSTS_PER_GENERATION,
  THREAD_POSTS_MAX,
  THREAD_POSTS_MIN,
} from "#shared/generator.ts";
import { checkPostText } from "#shared/post-length.ts";
import { composeDemoPosts, composeDemoThreads, streamDemoSnapshots } from "./demo-composer.ts";
import type { GenerationRequest } from "./generate-request.ts";
import { loadGeneratorConfiguration } from "./generator-configuration.ts";
import type { CheckedImage } from "./generator-image.ts";
import {
  buildPromptVariables,
  describeOwnExamples,
  fillTemplate,
  hashPromptConfiguration,
  type PromptExample,
  THREAD_INSTRUCTIONS,
  type WebsiteContext,
} from "./generator-prompts.ts";
import type { ProgressReporter } from "./progress-reporter.ts";

// The three posts (or, for X, threads: ADR 0065) of a run, from the model (streamed) or,
// without one, from the offline demo composer (ADR 0012), each with the provenance the archive
// records (ADR 0025).

/** A failure the page is told about in German; `reason` is for the log only. */
export class GenerationFailure extends Error {
  readonly reason: string;

  constructor(message: string, reason: string) {
    super(message);
    this.name = "GenerationFailure";
    this.reason = reason;
  }
}

// What the model must return. Count and blankness are checked after parsing rather than as
// minItems/minLength, which some providers' strict JSON-schema modes refuse.
const PostsOutputSchema = z.object({
  posts: z.array(z.string()).describe(`Genau ${POSTS_PER_GENERATION} fertige Beiträge, jeder als Zeichenkette.`),
});
// ADR 0065: a thread run's answer; the same checks after parsing, per thread and per post.
const ThreadsOutputSchema = z.object({
  threads: z
    .array(
      z.object({
        posts: z
          .array(z.string())
          .describe(`${THREAD_POSTS_MIN} bis ${THREAD_POSTS_MAX} Beiträge des Threads in Reihenfolge.`),
      }),
    )
    .describe(`Genau ${POSTS_PER_GENERATION} Threads.`),
});

/** `threads` only in a thread run (ADR 0065); `posts` then holds each thread as one text. */
type ComposedPosts = { posts: string[]; threads: string[][] | null; provenance: ArchiveProvenance };

// The offline composer uses no provider, model, prompt or token limit (ADR 0012, 0025).
export const DEMO_PROVENANCE: ArchiveProvenance = {
  demo: true,
  provider: null,
  model: null,
  promptConfigurationId: null,
  promptHash: null,
  tokenConfigurationId: null,
  maxTokens: null,
};

/** The demo "types" its posts within `streamMs`, so the page shows the same stream as with a model. */
export async function composeInDemoMode(
  request: GenerationRequest,
  progress: ProgressReporter,
  streamMs: number,
): Promise<ComposedPosts> {
  // A single post streams as a thread of one.
  const threads = request.format === "thread" ? composeDemoThreads(request) : composeDemoPosts(request).map((p) => [p]);
  const snapshots = [...streamDemoSnapshots(threads)];
  const stepMs = snapshots.length > 0 ? streamMs / snapshots.length : 0;
  for (const snapshot of snapshots) {
    progress.report(request.format === "thread" ? { threads: snapshot } : { posts: snapshot.map(joinThread) });
    if (stepMs >= 1) await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  // joinThread of a thread of one is that post.
  const posts = threads.map(joinThread);
  return { posts, threads: request.format === "thread" ? threads : null, provenance: DEMO_PROVENANCE };
}

type ModelInput = {
  deps: Pick<AppDeps, "db" | "ai">;
  log: Logger;
  request: GenerationRequest;
  image: CheckedImage | null;
  website: WebsiteContext | null;
  /** ADR 0114: the user's own best posts, when the user asked for them; empty otherwise. */
  examples: PromptExample[];
  progress: ProgressReporter;
};

export async function composeWithModel({
  deps,
  log,
  request,
  image,
  website,
  examples,
  progress,
}: ModelInput): Promise<ComposedPosts> {
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
  const filledUserText = fillTemplate(configuration.userPrompt, variables);
  const userText = examples.length > 0 ? `${filledUserText}\n\n${describeOwnExamples(examples)}` : filledUserText;
  const systemPrompt = fillTemplate(configuration.systemPrompt, variables);
  const thread = request.format === "thread";
  const content: AiContentPart[] = [{ type: "text", text: userText }];
  if (sendImage && image) {
    content.push({ type: "image", image: image.bytes, mediaType: `image/${image.type}` });
  }
  const started = performance.now();
  try {
    const call = {
      instructions: thread ? `${systemPrompt}\n\n${THREAD_INSTRUCTIONS}` : systemPrompt,
      messages: [{ role: "user" as const, content: sendImage ? content : userText }],
      maxOutputTokens: configuration.maxTokens,
    };
    let result: { posts: string[]; threads: string[][] | null };
    if (thread) {
      const output = await deps.ai.streamStructured({
        ...call,
        schema: ThreadsOutputSchema,
        name: "threads",
        onPartial: (partial) => progress.report({ threads: partialThreads(partial) }),
      });
      const threads = checkThreads(
        output.threads.map((each) => each.posts.map((post) => post.trim())),
        log,
      );
      result = { posts: threads.map(joinThread), threads };
    } else {
      const output = await deps.ai.streamStructured({
        ...call,
        schema: PostsOutputSchema,
        name: "posts",
        onPartial: (partial) => progress.report({ posts: partialPosts(partial) }),
      });
      result = {
        posts: checkPosts(
          output.posts.map((post) => post.trim()),
          log,
        ),
        threads: null,
      };
    }
    log.info(
      { provider: deps.ai.model?.provider, model: deps.ai.model?.id, ms: elapsed(started) },
      "KI-Beiträge erhalten",
    );
    return { ...result, provenance };
  } catch (error) {
    if (!(error instanceof AiCallError)) throw error;
    // The kind and the vendor's status only: messages may quote the model's text.
    log.warn({ kind: error.kind, ...error.detail, ms: elapsed(started) }, "KI-Aufruf fehlgeschlagen");
    if (error.kind === "invalid-output") throw new GenerationFailure(GENERATOR_MESSAGES.invalidResponse, "ai-invalid");
    if (error.kind === "timeout") throw new GenerationFailure(GENERATOR_MESSAGES.timeout, "ai-timeout");
    throw new GenerationFailure(GENERATOR_MESSAGES.generationFailed, "ai-provider");
  }
}

function checkPosts(posts: string[], log: Logger): string[] {
  if (posts.length !== POSTS_PER_GENERATION || posts.some((post) => post === "")) {
    log.warn({ count: posts.length }, "KI lieferte nicht genau drei Beiträge");
    throw new GenerationFailure(GENERATOR_MESSAGES.invalidResponse, "ai-post-count");
  }
  return posts;
}

/**
 * ADR 0065: three threads of THREAD_POSTS_MIN to THREAD_POSTS_MAX posts, none blank, each within
 * X's 280 weighted characters (X's own counting, shared/post-metrics.ts). A thread that breaks
 * the rule could not be posted as it is, so the run fails like any invalid answer (and is refunded).
 */
function checkThreads(threads: string[][], log: Logger): string[][] {
  const broken = threads.find(
    (posts) =>
      posts.length < THREAD_POSTS_MIN ||
      posts.length > THREAD_POSTS_MAX ||
      posts.some((post) => post === "" || !checkPostText("x", post).fits),
  );
  if (threads.length !== POSTS_PER_GENERATION || broken) {
    log.warn(
      { count: threads.length, postCounts: threads.map((posts) => posts.length) },
      "KI lieferte keine drei gültigen Threads",
    );
    throw new GenerationFailure(GENERATOR_MESSAGES.invalidResponse, "ai-thread-shape");
  }
  return threads;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** The strings of a partial `{ posts: [...] }`, the last one possibly unfinished. */
function partialPosts(partial: unknown): string[] {
  return strings((partial as { posts?: unknown } | undefined)?.posts).slice(0, POSTS_PER_GENERATION);
}

/** The threads of a partial `{ threads: [{ posts: [...] }] }`, the last post possibly unfinished. */
function partialThreads(partial: unknown): string[][] {
  const threads = (partial as { threads?: unknown } | undefined)?.threads;
  if (!Array.isArray(threads)) return [];
  return threads
    .slice(0, POSTS_PER_GENERATION)
    .map((thread) => strings((thread as { posts?: unknown } | undefined)?.posts).slice(0, THREAD_POSTS_MAX));
}

export function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
