import { EventSourceParserStream } from "eventsource-parser/stream";
import { type GenerateRequestInput, type GenerationEvent, GenerationEventSchema } from "#shared/generator.schemas.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";

export class GenerationError extends Error {
  constructor(
    message: string,
    readonly creditsRemaining: number | null = null,
  ) {
    super(message);
  }
}

const GENERATE_URL = "/api/generator/generate";

/**
 * The generation's server-sent events (ADR 0012), each checked against the shared schema;
 * anything that does not match is skipped. The typed client cannot stream, so the body is
 * read here, parsed by eventsource-parser.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<GenerationEvent> {
  // The DOM typings want a BufferSource writer; the body yields Uint8Array, which is one.
  const text = body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
  const messages = text.pipeThrough(new EventSourceParserStream());
  // A reader rather than `for await`: Safari cannot iterate a ReadableStream yet.
  const reader = messages.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const event = parseEvent(value.data);
    if (event) yield event;
  }
}

function parseEvent(data: string): GenerationEvent | null {
  try {
    const parsed = GenerationEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Starts a generation and calls `onEvent` for every event. Resolves with the `done` event;
 * rejects with a GenerationError carrying the server's German message.
 */
export async function streamGeneration(
  request: GenerateRequestInput,
  onEvent: (event: GenerationEvent) => void,
  signal?: AbortSignal,
): Promise<Extract<GenerationEvent, { type: "done" }>> {
  let response: Response;
  try {
    response = await fetch(GENERATE_URL, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(request),
      signal,
    });
  } catch {
    throw new GenerationError(GENERATOR_MESSAGES.generationFailed);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new GenerationError(typeof body?.error === "string" ? body.error : GENERATOR_MESSAGES.generationFailed);
  }
  try {
    for await (const event of readServerSentEvents(response.body)) {
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
