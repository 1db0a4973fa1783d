import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { Output, streamText } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AI_PROVIDERS, type AiSettings } from "#server/env.ts";
import { type OpenAiFake, startOpenAiFake } from "../../../tests/mocks/openai.ts";
import { AiCallError, COALESCE_MS, coalesceTextDeltas, createAiClient } from "./ai-client.ts";

const schema = z.object({ correctedText: z.string() });
const request = {
  instructions: "Korrigiere.",
  messages: [{ role: "user" as const, content: "<post>\nEin Feher\n</post>" }],
  schema,
  name: "correctedText",
};

let fake: OpenAiFake;
beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function clientFor(timeoutMs = 2000) {
  const settings: AiSettings = {
    provider: "openai-compatible",
    model: "fake-model",
    apiKey: undefined,
    baseUrl: fake.url,
    timeoutMs,
  };
  return createAiClient(settings);
}

async function failureOf(promise: Promise<unknown>): Promise<AiCallError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AiCallError)) throw new Error(`expected an AiCallError, got ${String(error)}`);
  return error;
}

describe("createAiClient", () => {
  it("asks an OpenAI-compatible server for a JSON schema and returns the validated object", async () => {
    fake.script({ kind: "json", value: { correctedText: "Ein Fehler" } });
    await expect(clientFor().generateStructured(request)).resolves.toEqual({ correctedText: "Ein Fehler" });
    const [sent] = fake.requests;
    expect(sent?.model).toBe("fake-model");
    expect(sent?.responseFormat).toMatchObject({ type: "json_schema" });
    expect(sent?.outputProperties).toEqual(["correctedText"]);
    expect(sent?.messages).toEqual([
      { role: "system", content: "Korrigiere." },
      { role: "user", content: "<post>\nEin Feher\n</post>" },
    ]);
  });

  it("reports an answer that is no JSON, or the wrong JSON, as invalid output", async () => {
    fake.script({ kind: "content", content: "Hier ist dein Text" }, { kind: "json", value: { text: "x" } });
    expect((await failureOf(clientFor().generateStructured(request))).kind).toBe("invalid-output");
    expect((await failureOf(clientFor().generateStructured(request))).kind).toBe("invalid-output");
  });

  it("retries a server error once, then reports the provider's status", async () => {
    fake.script({ kind: "error", status: 500 }, { kind: "error", status: 503 });
    const error = await failureOf(clientFor().generateStructured(request));
    expect(error.kind).toBe("provider");
    expect(error.detail.statusCode).toBe(503);
    expect(fake.requests).toHaveLength(2);
  });

  it("recovers when the one retry succeeds", async () => {
    fake.script({ kind: "error", status: 500 }, { kind: "json", value: { correctedText: "Ein Fehler" } });
    await expect(clientFor().generateStructured(request)).resolves.toEqual({ correctedText: "Ein Fehler" });
  });

  it("does not retry a request the provider refuses", async () => {
    fake.script({ kind: "error", status: 400 });
    expect((await failureOf(clientFor().generateStructured(request))).detail.statusCode).toBe(400);
    expect(fake.requests).toHaveLength(1);
  });

  it("gives up after the timeout", async () => {
    // The model would answer long after the test's own timeout: only the deadline can end the call.
    fake.script({ kind: "delay", ms: 10 * 60_000 });
    expect((await failureOf(clientFor(300).generateStructured(request))).kind).toBe("timeout");
  });

  it("has no model without a provider (demo mode)", async () => {
    const demo = createAiClient(null);
    expect(demo.model).toBeNull();
    await expect(demo.generateStructured(request)).rejects.toThrow(/Demo-Modus/);
  });

  it("builds a model for every provider, loading only that provider's SDK (ADR 0029)", async () => {
    for (const provider of AI_PROVIDERS) {
      const client = createAiClient({
        provider,
        model: "some-model",
        apiKey: "key",
        baseUrl: "http://127.0.0.1:9/v1",
        timeoutMs: 1000,
      });
      expect(client.model).toEqual({ provider, id: "some-model" });
      // Nobody listens on port 9: the SDK loaded and called, and the failure is ours to report.
      await expect(client.generateStructured(request)).rejects.toBeInstanceOf(AiCallError);
    }
  });
});

// The generator streams (ADR 0012); the fake speaks server-sent events the AI SDK reads.
describe("the OpenAI fake", () => {
  it("streams structured output as chunks", async () => {
    fake.script({ kind: "json", value: { posts: ["Eins", "Zwei", "Drei"] } });
    const model = createOpenAICompatible({ name: "fake", baseURL: fake.url, supportsStructuredOutputs: true });
    const result = streamText({
      model: model.chatModel("fake-model"),
      prompt: "Schreib drei Posts.",
      output: Output.object({ schema: z.object({ posts: z.array(z.string()) }) }),
    });
    const partials: unknown[] = [];
    for await (const partial of result.partialOutputStream) partials.push(partial);
    expect(await result.output).toEqual({ posts: ["Eins", "Zwei", "Drei"] });
    expect(partials.length).toBeGreaterThan(1);
    expect(fake.requests[0]?.stream).toBe(true);
  });
});

describe("coalesceTextDeltas", () => {
  type Part = { type: string; id?: string; delta?: string };

  async function run(parts: Array<Part | { waitMs: number }>): Promise<Part[]> {
    const source = new ReadableStream<Part>({
      async start(controller) {
        for (const part of parts) {
          if ("waitMs" in part) await new Promise((resolve) => setTimeout(resolve, part.waitMs));
          else controller.enqueue(part);
        }
        controller.close();
      },
    });
    const out: Part[] = [];
    for await (const part of source.pipeThrough(coalesceTextDeltas<Part>())) out.push(part);
    return out;
  }

  it("hands on pieces that arrive together as one, in order, and passes other parts through", async () => {
    expect(
      await run([
        { type: "text-start", id: "a" },
        { type: "text-delta", id: "a", delta: '{"po' },
        { type: "text-delta", id: "a", delta: 'sts":' },
        { type: "text-delta", id: "a", delta: "[]}" },
        { type: "text-end", id: "a" },
        { type: "finish" },
      ]),
    ).toEqual([
      { type: "text-start", id: "a" },
      { type: "text-delta", id: "a", delta: '{"posts":[]}' },
      { type: "text-end", id: "a" },
      { type: "finish" },
    ]);
  });

  it("drops a pending piece quietly when the reader cancels before the window ends", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      // A model that sent one piece and then went quiet; the reader leaves meanwhile.
      const source = new ReadableStream<Part>({
        start(controller) {
          controller.enqueue({ type: "text-delta", id: "a", delta: "Hal" });
        },
      });
      const reader = source.pipeThrough(coalesceTextDeltas<Part>()).getReader();
      void reader.read().catch(() => {});
      await new Promise((resolve) => setImmediate(resolve));
      await reader.cancel();
      // Before the fix the window's timer enqueued into the cancelled stream and threw uncaught.
      expect(() => vi.advanceTimersByTime(COALESCE_MS * 2)).not.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps pieces apart that arrive further apart than the window, so the page still streams", async () => {
    expect(
      await run([
        { type: "text-delta", id: "a", delta: "Hal" },
        { type: "text-delta", id: "a", delta: "lo" },
        { waitMs: COALESCE_MS * 3 },
        { type: "text-delta", id: "a", delta: " Welt" },
      ]),
    ).toEqual([
      { type: "text-delta", id: "a", delta: "Hallo" },
      { type: "text-delta", id: "a", delta: " Welt" },
    ]);
  });
});
