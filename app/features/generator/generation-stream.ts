import { api, toApiError } from "#app/lib/api.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import type { GenerateRequest, GenerationEvent } from "#shared/generator.schemas.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";

/** A run that failed after it started, or a connection that broke; the message is German. */
export class GenerationError extends Error {}

/**
 * Starts a generation and calls `onEvent` for every event. Resolves with the `done` event;
 * rejects with an ApiError when the server refuses to start (its German message and code), else
 * with a GenerationError.
 */
export async function streamGeneration(
  request: GenerateRequest,
  onEvent: (event: GenerationEvent) => void,
): Promise<Extract<GenerationEvent, { type: "done" }>> {
  let response: Awaited<ReturnType<typeof api.generator.generate.$post>>;
  try {
    response = await api.generator.generate.$post({ json: request });
  } catch {
    throw new GenerationError(GENERATOR_MESSAGES.generationFailed);
  }
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new GenerationError(GENERATOR_MESSAGES.generationFailed);
  try {
    for await (const event of readGenerationEvents(response.body)) {
      onEvent(event);
      if (event.type === "done") return event;
      if (event.type === "error") throw new GenerationError(event.message);
    }
  } catch (error) {
    if (error instanceof GenerationError) throw error;
    throw new GenerationError(GENERATOR_MESSAGES.generationFailed);
  }
  // The stream ended without an outcome (the connection broke).
  throw new GenerationError(GENERATOR_MESSAGES.generationFailed);
}
