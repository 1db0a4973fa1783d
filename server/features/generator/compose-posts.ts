import { z } from "zod";
import type { ArchiveProvenance } from "#shared/archive.ts";
import { GENERATOR_MESSAGES, POSTS_PER_GENERATION } from "#shared/generator.ts";
import type { AppDeps } from "../../app-env.ts";
import { AiCallError, type AiContentPart } from "../../integrations/ai/ai-client.ts";
import type { Logger } from "../../logger.ts";
import { composeDemoPosts, streamDemoSnapshots } from "./demo-composer.ts";
import type { GenerationRequest } from "./generate-request.ts";
import { loadGeneratorConfiguration } from "./generator-configuration.ts";
import type { CheckedImage } from "./generator-image.ts";
import {
  buildPromptVariables,
  fillTemplate,
  hashPromptConfiguration,
  type WebsiteContext,
} from "./generator-prompts.ts";
import type { ProgressReporter } from "./progress-reporter.ts";

// The three posts of a run, from the model (streamed) or, without one, from the offline demo
// composer (ADR 0012), each with the provenance the archive records (ADR 0025).

/** A failure the page is told about in German; `reason` is for the log only. */
export class GenerationFailure extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = "GenerationFailure";
  }
}

// What the model must return. Count and blankness are checked after parsing rather than as
// minItems/minLength, which some providers' strict JSON-schema modes refuse.
const PostsOutputSchema = z.object({
  posts: z.array(z.string()).describe(`Genau ${POSTS_PER_GENERATION} fertige Beiträge, jeder als Zeichenkette.`),
});

type ComposedPosts = { posts: string[]; provenance: ArchiveProvenance };

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

/** The demo "types" its posts within `streamMs`, so the page shows the same stream as with a model. */
export async function composeInDemoMode(
  request: GenerationRequest,
  progress: ProgressReporter,
  streamMs: number,
): Promise<ComposedPosts> {
  const posts = composeDemoPosts(request);
  const snapshots = [...streamDemoSnapshots(posts)];
  const stepMs = snapshots.length > 0 ? streamMs / snapshots.length : 0;
  for (const snapshot of snapshots) {
    progress.report(snapshot);
    if (stepMs >= 1) await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  return { posts, provenance: DEMO_PROVENANCE };
}

type ModelInput = {
  deps: Pick<AppDeps, "db" | "ai">;
  log: Logger;
  request: GenerationRequest;
  image: CheckedImage | null;
  website: WebsiteContext | null;
  progress: ProgressReporter;
};

export async function composeWithModel({
  deps,
  log,
  request,
  image,
  website,
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

export function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
