import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for an OpenAI-compatible chat completions endpoint (Ollama, vLLM and
// OpenAI itself speak it), so the AI features run in tests and e2e with no network.
// Tests queue the next answers with `script(...)`; a standalone server (openai-server.ts)
// takes the same queue through POST /__script. With nothing queued it answers sensibly:
// the optimizer's grammar output gets each of the user's posts with known typos fixed, the
// improve output one post that passes all six optimizer criteria per post asked about.
//
// The AI SDK (Output.object through @ai-sdk/openai-compatible with supportsStructuredOutputs)
// sends `response_format: { type: "json_schema", json_schema: { schema, name } }` and reads
// the JSON object from the assistant message's content; that is what `json` replies give.

/**
 * How a streamed answer is paced (the generator streams, ADR 0012). Without it the pieces go
 * out at once; with chunkMs each piece of chunkSize characters waits that long first.
 */
type StreamPacing = {
  chunkMs?: number;
  chunkSize?: number;
  /** Stops after this many characters until `until` settles: a model still writing, for as long as a test needs. */
  hold?: { afterCharacters: number; until: Promise<void> };
};

export type FakeReply =
  /** The assistant message's content, verbatim (use it for malformed answers). */
  | ({ kind: "content"; content: string } & StreamPacing)
  /** The assistant message's content as JSON.stringify(value). */
  | ({ kind: "json"; value: unknown } & StreamPacing)
  /** The default answer with its first two posts merged: a model that does not keep a thread's split. */
  | { kind: "merge-posts" }
  /** Waits, then answers with `then` (default: the sensible default answer). */
  | { kind: "delay"; ms: number; then?: FakeReply }
  /** An HTTP error in OpenAI's error format. */
  | { kind: "error"; status: number; message?: string };

export type RecordedRequest = {
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: string }>;
  responseFormat: unknown;
  /** The properties of the requested JSON schema, e.g. ["posts"]. */
  outputProperties: string[];
  /** The requested JSON schema's name, e.g. "correctedPosts" (the AI SDK sends "response" without one). */
  outputName: string;
};

export type OpenAiFake = {
  /** Base URL including /v1, for AI_BASE_URL. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  script: (...replies: FakeReply[]) => void;
  reset: () => void;
  close: () => Promise<void>;
};

// Known typos the default grammar answer fixes, so e2e tests can see a diff.
const KNOWN_TYPOS: Record<string, string> = {
  Feher: "Fehler",
  feher: "Fehler",
  Grammatk: "Grammatik",
  gescrieben: "geschrieben",
  Beitrga: "Beitrag",
  "heute abend": "heute Abend",
};

/** 154 characters, 27 words, one hashtag, one exclamation mark: passes all six criteria. */
export const FAKE_IMPROVED_POST =
  "Kleine Teams gewinnen mit klaren Posts. Schreib einen Gedanken pro Satz und zeig, was er bringt. Probier es heute aus und sag mir, wie es lief! #Marketing";

/** The generator's default answer: three posts that suit every network, X included. */
export const FAKE_GENERATED_POSTS = [
  "Frische Zimtschnecken jeden Samstag ab 7 Uhr. Kommen Sie vorbei und probieren Sie die neue Sorte mit Kardamom, solange der Vorrat reicht. #Bäckerei",
  "Was gibt es Schöneres als den Duft von frischem Gebäck am Wochenende? Unsere Zimtschnecken warten schon auf Sie. Wir freuen uns auf Ihren Besuch! #Samstag",
  "Neu im Laden: Zimtschnecken mit Kardamom. Gebacken mit Sauerteig nach altem Familienrezept, jeden Samstag frisch aus dem Ofen. #Genuss",
];

/** The generator's default answer in a thread run (ADR 0065): three threads of 3, 4 and 5 posts, each post ≤ 280. */
export const FAKE_GENERATED_THREADS = [
  [
    "Warum unsere Zimtschnecken samstags so schnell weg sind? Ein kurzer Blick hinter die Theke. 🧵",
    "Der Teig ruht über Nacht. Sauerteig braucht Zeit, und die schmeckt man.",
    "Jeden Samstag ab 7 Uhr liegen sie frisch im Laden. Wann kommen Sie vorbei? #Bäckerei",
  ],
  [
    "Neu bei uns: Zimtschnecken mit Kardamom.",
    "Kardamom bringt eine frische, leicht zitronige Note in den Zimt.",
    "Gebacken wird nach altem Familienrezept, mit Sauerteig statt Hefe.",
    "Probieren Sie die neue Sorte am Samstag, solange der Vorrat reicht. #Genuss",
  ],
  [
    "Drei Dinge, die Sie über unseren Samstag wissen sollten.",
    "Erstens: Um 7 Uhr öffnen wir die Tür.",
    "Zweitens: Die Zimtschnecken kommen direkt aus dem Ofen.",
    "Drittens: Die Sorte mit Kardamom ist neu.",
    "Wir freuen uns auf Ihren Besuch! #Samstag",
  ],
];

// The optimizer wraps each post like this (server/features/optimizer/optimizer-prompts.ts).
const POST_PATTERN = /<post>\n?([\s\S]*?)\n?<\/post>/g;

function fixKnownTypos(text: string): string {
  let fixed = text;
  for (const [typo, correction] of Object.entries(KNOWN_TYPOS)) fixed = fixed.split(typo).join(correction);
  return fixed.replace(/ {2,}/g, " ");
}

export function aiEnvFor(fake: OpenAiFake, timeoutMs = 2000): Record<string, string> {
  return {
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: fake.url,
    AI_MODEL: "fake-model",
    AI_TIMEOUT_MS: String(timeoutMs),
  };
}

export async function startOpenAiFake(port = 0): Promise<OpenAiFake> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const pendingTimers = new Set<NodeJS.Timeout>();

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    try {
      if (url.pathname === "/__script" && request.method === "POST") {
        const body = JSON.parse((await readBody(request)) || "{}") as { replies?: FakeReply[]; reset?: boolean };
        if (body.reset) reset();
        queue.push(...(body.replies ?? []));
        return sendJson(response, 200, { queued: queue.length });
      }
      if (url.pathname === "/__reset" && request.method === "POST") {
        reset();
        return sendJson(response, 200, { ok: true });
      }
      if (url.pathname === "/__requests" && request.method === "GET") {
        return sendJson(response, 200, requests);
      }
      if (url.pathname === "/v1/chat/completions" && request.method === "POST") {
        const body = JSON.parse(await readBody(request)) as ChatCompletionBody;
        const recorded = recordRequest(body);
        requests.push(recorded);
        return await answer(response, queue.shift(), recorded);
      }
      sendJson(response, 404, { error: { message: "Nicht gefunden", type: "invalid_request_error" } });
    } catch (error) {
      sendJson(response, 400, { error: { message: String(error), type: "invalid_request_error" } });
    }
  });

  async function answer(response: http.ServerResponse, reply: FakeReply | undefined, recorded: RecordedRequest) {
    const next = reply ?? { kind: "json", value: defaultAnswer(recorded) };
    if (next.kind === "merge-posts")
      return answer(response, { kind: "json", value: mergeFirstPosts(recorded) }, recorded);
    if (next.kind === "delay") {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pendingTimers.delete(timer);
          resolve();
        }, next.ms);
        pendingTimers.add(timer);
      });
      if (response.destroyed || response.writableEnded) return;
      return answer(response, next.then, recorded);
    }
    if (next.kind === "error") {
      // retry-after-ms keeps the AI SDK's one retry fast in tests (it honours the header).
      response.writeHead(next.status, { "content-type": "application/json", "retry-after-ms": "10" });
      response.end(JSON.stringify({ error: { message: next.message ?? "Fake-Fehler", type: "server_error" } }));
      return;
    }
    const content = next.kind === "json" ? JSON.stringify(next.value) : next.content;
    if (recorded.stream) return streamContent(response, content, recorded.model, next, wait);
    sendJson(response, 200, {
      id: `chatcmpl-fake-${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: recorded.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  }

  function wait(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        resolve();
      }, ms);
      pendingTimers.add(timer);
    });
  }

  function reset() {
    queue.length = 0;
    requests.length = 0;
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    requests,
    script: (...replies) => queue.push(...replies),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pendingTimers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type ChatCompletionBody = {
  model?: string;
  stream?: boolean;
  messages?: Array<{ role: string; content: unknown }>;
  response_format?: {
    type?: string;
    json_schema?: { name?: string; schema?: { properties?: Record<string, unknown> } };
  };
};

function recordRequest(body: ChatCompletionBody): RecordedRequest {
  return {
    model: body.model ?? "",
    stream: body.stream === true,
    messages: (body.messages ?? []).map((message) => ({
      role: message.role,
      content: typeof message.content === "string" ? message.content : JSON.stringify(message.content),
    })),
    responseFormat: body.response_format ?? null,
    outputProperties: Object.keys(body.response_format?.json_schema?.schema?.properties ?? {}),
    outputName: body.response_format?.json_schema?.name ?? "",
  };
}

/** The posts of the optimizer's first user message (one for a single post, several for a thread). */
function postsAskedAbout(recorded: RecordedRequest): string[] {
  const firstUser = recorded.messages.find((message) => message.role === "user")?.content ?? "";
  const posts = [...firstUser.matchAll(POST_PATTERN)].map((match) => match[1] ?? "");
  return posts.length > 0 ? posts : [firstUser];
}

function defaultAnswer(recorded: RecordedRequest): unknown {
  if (recorded.outputName === "correctedPosts") return { posts: postsAskedAbout(recorded).map(fixKnownTypos) };
  if (recorded.outputName === "improvedPosts")
    return { posts: postsAskedAbout(recorded).map(() => FAKE_IMPROVED_POST) };
  if (recorded.outputProperties.includes("posts")) return { posts: FAKE_GENERATED_POSTS };
  if (recorded.outputProperties.includes("threads"))
    return { threads: FAKE_GENERATED_THREADS.map((posts) => ({ posts })) };
  return { text: "Antwort des Fake-Modells" };
}

function mergeFirstPosts(recorded: RecordedRequest): unknown {
  const answer = defaultAnswer(recorded) as { posts?: string[] };
  const [first = "", second = "", ...rest] = answer.posts ?? [];
  return { posts: [`${first} ${second}`.trim(), ...rest] };
}

// Server-sent events as OpenAI streams them: role first, content in pieces, a finish chunk
// with usage, then [DONE] (the generator streams its posts, ADR 0012). With pacing, each
// piece waits chunkMs, so tests can see that the first post arrives before the last.
async function streamContent(
  response: http.ServerResponse,
  content: string,
  model: string,
  pacing: StreamPacing = {},
  wait: (ms: number) => Promise<void> = () => Promise.resolve(),
) {
  const chunkSize = pacing.chunkSize ?? 16;
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const base = { id: "chatcmpl-fake-stream", object: "chat.completion.chunk", created: 0, model };
  const send = (chunk: unknown) => response.write(`data: ${JSON.stringify(chunk)}\n\n`);
  send({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
  const hold = pacing.hold;
  for (let index = 0; index < content.length; ) {
    if (pacing.chunkMs) {
      await wait(pacing.chunkMs);
      if (response.destroyed || response.writableEnded) return;
    }
    if (hold && index === hold.afterCharacters) {
      await hold.until;
      if (response.destroyed || response.writableEnded) return;
    }
    // A chunk never runs past the hold point, so the model stops exactly there.
    const end =
      hold && index < hold.afterCharacters ? Math.min(index + chunkSize, hold.afterCharacters) : index + chunkSize;
    send({ ...base, choices: [{ index: 0, delta: { content: content.slice(index, end) }, finish_reason: null }] });
    index = end;
  }
  send({
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
  response.end("data: [DONE]\n\n");
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function sendJson(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
