import type { AppDeps } from "#server/app-env.ts";
import { GENERATOR_RATE_LIMIT, startGeneration } from "#server/features/generator/generator.service.ts";
import { consumeRateLimit } from "#server/features/rate-limit/rate-limit.service.ts";
import type { GenerationEvent } from "#shared/generator.schemas.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import type { ApiGenerateInput } from "#shared/public-api-v1.schemas.ts";
import { PublicApiRefusal } from "./public-api-refusal.ts";

// The generator for /api/v1/generate and the MCP tool generate_posts (ADR 0107, 0111): the page's
// own flow (generator.service.ts), so a run is charged, refunded on failure, archived and rate
// limited exactly as on /erstellen; the events it streams to the page are collected into one answer.

type GenerateDeps = Pick<
  AppDeps,
  "db" | "env" | "ai" | "imageStorage" | "websiteReader" | "payments" | "mailer" | "logger"
>;

export type Generated = Omit<Extract<GenerationEvent, { type: "done" }>, "type">;

export async function generateSuggestions(
  deps: GenerateDeps,
  userId: string,
  request: ApiGenerateInput,
): Promise<Generated> {
  // The page's limit per account (limitPerUser on /api/generator/generate), on the same counter.
  const limit = await consumeRateLimit(deps.db, GENERATOR_RATE_LIMIT, userId);
  if (!limit.allowed) throw new PublicApiRefusal("TOO_MANY_REQUESTS", 429, GENERATOR_MESSAGES.tooManyRequests);
  // No page watches the demo "type", so it answers at once (demoStreamMs 0).
  const started = await startGeneration({ deps, logger: deps.logger, userId, request, image: null, demoStreamMs: 0 });
  if (!started.ok) throw new PublicApiRefusal(started.code, started.status, started.error);
  let last: GenerationEvent | null = null;
  await started.run((event) => {
    last = event;
  });
  const outcome = last as GenerationEvent | null;
  if (outcome?.type === "done") {
    const { type: _type, ...generated } = outcome;
    return generated;
  }
  // The run has given the credit back already (generator.service.ts) and says so in its message.
  throw new PublicApiRefusal(
    "AI_FAILED",
    502,
    outcome?.type === "error" ? outcome.message : GENERATOR_MESSAGES.generationFailed,
  );
}
