import { EventSourceParserStream } from "eventsource-parser/stream";
import { type GenerationEvent, GenerationEventSchema } from "./generator.schemas.ts";

/**
 * The generation's server-sent events (ADR 0012) as the page, the server tests and the bench
 * read them: parsed by eventsource-parser, each checked against the shared schema, and its
 * event name against its `type`; anything that does not match is skipped.
 */
export async function* readGenerationEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<GenerationEvent> {
  // The DOM typings want a BufferSource writer; the body yields Uint8Array, which is one.
  const text = body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
  const messages = text.pipeThrough(new EventSourceParserStream());
  // A reader rather than `for await`: Safari cannot iterate a ReadableStream yet.
  const reader = messages.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const event = parseEvent(value.data);
    if (event && event.type === value.event) yield event;
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
