import { MockLanguageModelV4, simulateReadableStream } from "ai/test";
import { GENERATOR_RATE_LIMIT } from "#server/features/generator/generator.service.ts";
import { type AiClient, createAiClientForModel } from "#server/integrations/ai/ai-client.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import type { GenerationEvent } from "#shared/generator.schemas.ts";
import { type BenchApp, median, openBenchDatabase, percentile, startBenchApp } from "./bench-app.ts";

// The generator's targets (ADR 0012): (1) the server's own time for one generation
// without image or website, the model excluded; (2) how early the first post is there while
// a model streams slowly. Both through the real route: POST /api/generator/generate on
// createApp + createDeps with a real database and a signed-in Pro user. Only the model is
// replaced, by the AI SDK's mock model behind the product's AI SDK call.

export const GENERATION_TARGET_P95_MS = 15;
export const FIRST_POST_SHARE_TARGET = 0.4;

export const GENERATION_WARM_UP_RUNS = 20;
export const GENERATION_MEASURED_RUNS = 200;
export const SLOW_STREAM_RUNS = 5;
/** About how long the slow fake model takes for all three posts. */
const SLOW_STREAM_TOTAL_MS = 2000;

// What a model might write for the form below: three German posts of typical length.
const MODEL_POSTS = [
  "Frische Zimtschnecken jeden Samstag ab 7 Uhr! Unser Teig ruht 48 Stunden, dann kommt die Füllung aus Zimt, Butter und einer Prise Kardamom dazu. Kommen Sie früh, sie sind schnell weg. #Bäckerei #Wochenende",
  "Was gibt es Schöneres als den Duft von frischem Gebäck am Wochenende? Bei uns backt das Team schon ab 4 Uhr, damit Ihre Zimtschnecken noch warm sind, wenn Sie kommen. Wir freuen uns auf Sie! #Sauerteig",
  "Neu in unserer Backstube: Zimtschnecken mit Sauerteig nach altem Familienrezept. Saftig, nicht zu süß und jeden Samstag frisch aus dem Ofen. Probieren Sie sie zum Kaffee – Sie werden wiederkommen. #Genuss",
];
const MODEL_ANSWER = JSON.stringify({ posts: MODEL_POSTS });

const FORM = {
  platform: "instagram",
  keyPoints: "Zimtschnecken, jeden Samstag frisch, Sauerteig, Familienrezept",
  tone: "friendly",
  language: "german",
};

// About one token per piece, as models stream: the server's work per piece (the AI SDK
// parses the partial JSON each time, progress events) is part of what we measure.
const CHUNK_CHARACTERS = 4;

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer Part> ? Part : never;

/** A model that writes `text` in pieces, `chunkDelayMs` apart (null: all at once). */
function scriptedModel(text: string, chunkDelayMs: number | null): MockLanguageModelV4 {
  const pieces: StreamPart[] = [];
  for (let index = 0; index < text.length; index += CHUNK_CHARACTERS) {
    pieces.push({ type: "text-delta", id: "answer", delta: text.slice(index, index + CHUNK_CHARACTERS) });
  }
  const parts: StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "answer" },
    ...pieces,
    { type: "text-end", id: "answer" },
    {
      type: "finish",
      finishReason: { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: { total: 400, noCache: 400, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 150, text: 150, reasoning: 0 },
      },
    },
  ];
  return new MockLanguageModelV4({
    provider: "bench",
    modelId: "bench-model",
    // A new stream per call: each generation reads its own.
    doStream: async () => ({ stream: simulateReadableStream({ chunks: parts, chunkDelayInMs: chunkDelayMs }) }),
  });
}

// The product's AI client (server/integrations/ai/ai-client.ts) around the scripted model:
// the same streamText call, coalescing, retries and timeout as in production.
function aiClientFor(model: MockLanguageModelV4): AiClient {
  const settings = {
    provider: "openai-compatible",
    model: "bench-model",
    apiKey: undefined,
    baseUrl: undefined,
    timeoutMs: 30_000,
  } as const;
  return createAiClientForModel(model, settings, { vision: false });
}

type TimedEvent = { event: GenerationEvent; at: number };

async function postGeneration(bench: BenchApp, cookie: string) {
  const started = performance.now();
  const response = await bench.postJson("/api/generator/generate", FORM, cookie);
  if (response.status !== 200 || !response.body) {
    throw new Error(`Generierung abgelehnt: ${response.status} ${await response.text()}`);
  }
  return { started, body: response.body };
}

/** A benchmark of refusals or failures would be worthless: stop unless the run ended with our three posts. */
function checkFinished(last: GenerationEvent | undefined) {
  if (last?.type !== "done" || JSON.stringify(last.posts) !== JSON.stringify(MODEL_POSTS)) {
    throw new Error(`Generierung ohne die drei Beiträge beendet: ${JSON.stringify(last)}`);
  }
}

/** For the server's time: the body read whole, so the reading side adds as little as possible. */
async function generateQuickly(bench: BenchApp, cookie: string) {
  const { started, body } = await postGeneration(bench, cookie);
  const text = await new Response(body).text();
  const finished = performance.now();
  const lastData = /^data: (.*)$/m.exec(text.trim().split("\n\n").at(-1) ?? "")?.[1];
  checkFinished(lastData ? (JSON.parse(lastData) as GenerationEvent) : undefined);
  return finished - started;
}

/** For the moments the page sees: every event with the time it arrived, read by the page's own reader. */
async function generateAsThePageDoes(bench: BenchApp, cookie: string) {
  const { started, body } = await postGeneration(bench, cookie);
  const events: TimedEvent[] = [];
  for await (const event of readGenerationEvents(body)) events.push({ event, at: performance.now() });
  checkFinished(events.at(-1)?.event);
  return { started, events };
}

/**
 * Benchmark 1. Each run is timed from the request to the end of the stream: session lookup,
 * validation, rate-limit counter, credit statement, prompt, streaming and the archive row.
 */
export async function runGenerationBenchmark(postgresServerUrl?: string) {
  const bench = await openBenchDatabase(postgresServerUrl);
  try {
    const app = await startBenchApp(bench, aiClientFor(scriptedModel(MODEL_ANSWER, null)));
    // The generator allows GENERATOR_RATE_LIMIT.max runs per account in its window; every
    // run must be a real generation, not a quick 429, so the runs take turns over enough
    // accounts that none of them reaches the limit.
    const totalRuns = GENERATION_WARM_UP_RUNS + GENERATION_MEASURED_RUNS;
    const accountCount = Math.ceil(totalRuns / GENERATOR_RATE_LIMIT.max);
    const cookies: string[] = [];
    for (let index = 1; index <= accountCount; index++) {
      cookies.push(await app.signUpUser(`bench-${index}@example.test`));
    }
    const durations: number[] = [];
    for (let run = 0; run < totalRuns; run++) {
      const milliseconds = await generateQuickly(app, cookies[run % accountCount] ?? "");
      if (run >= GENERATION_WARM_UP_RUNS) durations.push(milliseconds);
    }
    durations.sort((a, b) => a - b);
    return { database: bench.label, medianMs: percentile(durations, 0.5), p95Ms: percentile(durations, 0.95) };
  } finally {
    await bench.close();
  }
}

/**
 * Benchmark 2. The fake model writes the three posts' JSON in pieces over about
 * SLOW_STREAM_TOTAL_MS. Two moments, each as a share of the time until `done`:
 * - visible: the first progress event in which the first post has any text;
 * - complete: the first event in which the first post is finished, i.e. the second post
 *   has begun or the first post already reads as it will in the end.
 */
export async function runFirstPostBenchmark() {
  const chunkCount = Math.ceil(MODEL_ANSWER.length / CHUNK_CHARACTERS);
  const chunkDelayMs = Math.round(SLOW_STREAM_TOTAL_MS / chunkCount);
  const bench = await openBenchDatabase();
  try {
    const app = await startBenchApp(bench, aiClientFor(scriptedModel(MODEL_ANSWER, chunkDelayMs)));
    const cookie = await app.signUpUser("bench-stream@example.test");
    const firstPost = MODEL_POSTS[0] ?? "";
    const visibleShares: number[] = [];
    const completeShares: number[] = [];
    const totalsMs: number[] = [];
    for (let run = 0; run < SLOW_STREAM_RUNS; run++) {
      const { started, events } = await generateAsThePageDoes(app, cookie);
      const doneAt = events.find(({ event }) => event.type === "done")?.at ?? Number.NaN;
      const postsAt = (test: (posts: string[]) => boolean) =>
        events.find(({ event }) => (event.type === "progress" || event.type === "done") && test(event.posts))?.at ??
        doneAt;
      const visibleAt = postsAt((posts) => (posts[0] ?? "").trim() !== "");
      const completeAt = postsAt((posts) => posts.length >= 2 || (posts[0] ?? "").trim() === firstPost);
      visibleShares.push((visibleAt - started) / (doneAt - started));
      completeShares.push((completeAt - started) / (doneAt - started));
      totalsMs.push(doneAt - started);
    }
    // Where the first post ends in the model's own output: no server can show it earlier.
    const firstPostEnd = MODEL_ANSWER.indexOf(JSON.stringify(firstPost)) + JSON.stringify(firstPost).length;
    return {
      chunkCount,
      chunkDelayMs,
      modelShare: firstPostEnd / MODEL_ANSWER.length,
      visibleShare: median(visibleShares),
      completeShare: median(completeShares),
      completeShares,
      totalMs: median(totalsMs),
    };
  } finally {
    await bench.close();
  }
}
