import { describe, expect, it } from "vitest";
import { readGenerationEvents } from "./generation-stream.ts";
import type { GenerationEvent } from "./generator.schemas.ts";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function readAll(chunks: string[]): Promise<GenerationEvent[]> {
  const events: GenerationEvent[] = [];
  for await (const event of readGenerationEvents(streamOf(chunks))) events.push(event);
  return events;
}

const start = { type: "start", creditsRemaining: 4, demo: false };
const progress = { type: "progress", posts: ["Erster"] };

describe("readGenerationEvents", () => {
  it("reads events split anywhere across chunks", async () => {
    const text = `event: start\ndata: ${JSON.stringify(start)}\n\nevent: progress\ndata: ${JSON.stringify(progress)}\n\n`;
    expect(await readAll([text.slice(0, 7), text.slice(7, 40), text.slice(40)])).toEqual([start, progress]);
  });

  it("skips an event whose name is not its type, and data the schema does not know", async () => {
    expect(
      await readAll([
        `event: progress\ndata: ${JSON.stringify(start)}\n\n`,
        "event: start\ndata: {kein json\n\n",
        `event: start\ndata: ${JSON.stringify({ ...start, creditsRemaining: "viele" })}\n\n`,
        `event: progress\ndata: ${JSON.stringify(progress)}\n\n`,
      ]),
    ).toEqual([progress]);
  });
});
