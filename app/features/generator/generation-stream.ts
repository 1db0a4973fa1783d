import { api } from "#app/lib/api.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import type { GenerateRequest, GenerationEvent } from "#shared/generator.schemas.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";

export class GenerationError extends Error {
  constructor(
    message: string,
    readonly creditsRemaining: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Starts a generation and calls `onEvent` for every event. Resolves with the `done` event;
 * rejects with a GenerationError carrying the server's German message.
 */
export async function streamGeneration(
  request: GenerateRequest,
  onEvent: (event: GenerationEvent) => void,
  signal?: AbortSignal,
): Promise<Extract<GenerationEvent, { type: "done" }>> {
  let response: Awaited<ReturnType<typeof api.generator.generate.$post>>;
  try {
    response = await api.generator.generate.$post({ json: request }, { init: { signal } });
  } catch {
    throw new GenerationError(GENERATOR_MESSAGES.generationFailed);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new GenerationError(typeof body?.error === "string" ? body.error : GENERATOR_MESSAGES.generationFailed);
  }
  try {
    for await (const event of readGenerationEvents(response.body)) {
      onEvent(event);
      if (event.type === "done") return event;
      if (event.type === "error") throw new GenerationError(event.message, event.creditsRemaining);
    }
  } catch (error) {
    if (error instanceof GenerationError) throw error;
    throw new GenerationError(GENERATOR_MESSAGES.generationFailed);
  }
  // The stream ended without an outcome (the connection broke).
  throw new GenerationError(GENERATOR_MESSAGES.generationFailed);
}
