import type { LanguageModel, LanguageModelMiddleware } from "ai";
import type { z } from "zod";
import type { AiProviderName, AiSettings } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";

// The one place that talks to AI vendors (docs/design.md, import rule 4). Services hand in
// instructions, messages and a zod schema and get the validated object back, or an
// AiCallError that says what went wrong without the vendor's details.

/** A user message may carry images for vision-capable models (the generator's upload). */
export type AiContentPart = { type: "text"; text: string } | { type: "image"; image: Uint8Array; mediaType: string };

export type AiMessage = { role: "user"; content: string | AiContentPart[] } | { role: "assistant"; content: string };

type StructuredRequest<T> = {
  instructions: string;
  messages: AiMessage[];
  schema: z.ZodType<T>;
  /** Names the output for providers that use it (JSON schema or tool name). */
  name: string;
};

type StreamedRequest<T> = StructuredRequest<T> & {
  maxOutputTokens?: number;
  /** Called with every partial object while the model writes (AI SDK partialOutputStream). */
  onPartial: (partial: unknown) => void;
};

export type AiClient = {
  /** null without AI_PROVIDER: the offline demo mode (docs/design.md, provider table). */
  readonly model: { provider: AiProviderName; id: string } | null;
  /** Whether user messages may carry images (ADR 0012: AI_VISION, or the provider's default). */
  readonly supportsImages: boolean;
  generateStructured<T>(request: StructuredRequest<T>): Promise<T>;
  /** Like generateStructured, but reports the object as it grows; resolves with the validated whole. */
  streamStructured<T>(request: StreamedRequest<T>): Promise<T>;
};

type AiClientOptions = {
  /**
   * Send images to the model. Default: on for the hosted providers (their default models all
   * read images), off for openai-compatible servers, where many local models do not.
   */
  vision?: boolean;
};

type AiFailure = "timeout" | "invalid-output" | "provider";

export class AiCallError extends Error {
  readonly kind: AiFailure;
  /** Safe to log: never the prompt, the model's text or a key. */
  readonly detail: { name: string; statusCode?: number };

  constructor(kind: AiFailure, detail: AiCallError["detail"]) {
    super(`KI-Aufruf fehlgeschlagen (${kind})`);
    this.name = "AiCallError";
    this.kind = kind;
    this.detail = detail;
  }
}

// docs/design.md: every external call has a timeout. One retry on transient errors (429, 5xx,
// network), both attempts inside one deadline.
const MAX_RETRIES = 1;

/**
 * The SDK's notes (an unsupported setting, say) go to our JSON log, not to stderr. The SDK reads
 * one process-wide hook, so this is set once, at start-up (createDeps).
 */
export function logAiSdkWarnings(logger: Logger): void {
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model: modelId }) => {
    logger.warn({ warnings, provider, model: modelId }, "Hinweis des KI-SDK");
  };
}

export function createAiClient(settings: AiSettings | null, options: AiClientOptions = {}): AiClient {
  if (!settings) {
    const demoMode = () => Promise.reject(new Error("Kein KI-Anbieter konfiguriert (Demo-Modus)."));
    return { model: null, supportsImages: false, generateStructured: demoMode, streamStructured: demoMode };
  }
  // Built once at start-up (createDeps), not per request: the import of the configured
  // provider's SDK starts now, and a server in demo mode never loads an AI SDK (ADR 0029).
  return clientAround(buildLanguageModel(settings), settings, options);
}

/** The client around a given model; createAiClient builds the model from the settings, benchmarks bring their own. */
export function createAiClientForModel(
  model: Exclude<LanguageModel, string>,
  settings: AiSettings,
  options: AiClientOptions = {},
): AiClient {
  return clientAround(Promise.resolve(model), settings, options);
}

type Model = Exclude<LanguageModel, string>;

function clientAround(modelLoading: Promise<Model>, settings: AiSettings, options: AiClientOptions): AiClient {
  // The `ai` package and the model, loaded once and awaited by every call; a failed import
  // fails the calls instead of ending the process with an unhandled rejection.
  const loading = Promise.all([import("ai"), modelLoading]).then(([sdk, model]) => ({
    sdk,
    model,
    streamingModel: sdk.wrapLanguageModel({ model, middleware: coalescingMiddleware }),
  }));
  loading.catch(() => undefined);
  return {
    model: { provider: settings.provider, id: settings.model },
    supportsImages: options.vision ?? settings.provider !== "openai-compatible",
    async generateStructured<T>({ instructions, messages, schema, name }: StructuredRequest<T>): Promise<T> {
      const deadline = AbortSignal.timeout(settings.timeoutMs);
      const { sdk, model } = await loading;
      try {
        const { generateText, Output } = sdk;
        const result = await generateText({
          model,
          instructions,
          messages,
          output: Output.object({ schema, name }),
          maxRetries: MAX_RETRIES,
          abortSignal: deadline,
        });
        return result.output;
      } catch (error) {
        throw classifyAiError(sdk, error, deadline);
      }
    },
    async streamStructured<T>({
      instructions,
      messages,
      schema,
      name,
      maxOutputTokens,
      onPartial,
    }: StreamedRequest<T>): Promise<T> {
      const deadline = AbortSignal.timeout(settings.timeoutMs);
      // streamText reports provider errors through onError (and would print them to stderr
      // without it); `output` then only says that nothing came. The first error is the cause.
      let streamError: unknown;
      const { sdk, streamingModel } = await loading;
      try {
        const { streamText, Output } = sdk;
        const result = streamText({
          model: streamingModel,
          instructions,
          messages,
          output: Output.object({ schema, name }),
          maxOutputTokens,
          maxRetries: MAX_RETRIES,
          abortSignal: deadline,
          onError: ({ error }) => {
            streamError ??= error;
          },
        });
        for await (const partial of result.partialOutputStream) onPartial(partial);
        return await result.output;
      } catch (error) {
        throw classifyAiError(sdk, streamError ?? error, deadline);
      }
    },
  };
}

// The SDK parses the whole partial JSON again for every piece of text, and models send a
// piece per token: hundreds of parses per answer, each also passing every stage of the SDK's
// stream pipeline. The page is updated at most every 60 ms (generator/progress-reporter.ts), so pieces
// that arrive within COALESCE_MS are merged right where they leave the model.
export const COALESCE_MS = 30;

type StreamPart = { type: string; id?: string; delta?: string };

/** Merges consecutive text deltas of one text block that arrive within COALESCE_MS. */
export function coalesceTextDeltas<Part extends StreamPart>(): TransformStream<Part, Part> {
  let pending: Part | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flush = () => {};
  // The timer may fire after the stream was cancelled (the run's deadline, a client that left):
  // nobody reads the piece then, and enqueueing into the closed stream must not crash the process.
  const flushLater = () => {
    try {
      flush();
    } catch {
      pending = null;
    }
  };
  return new TransformStream<Part, Part>({
    start(controller) {
      flush = () => {
        clearTimeout(timer);
        timer = undefined;
        if (pending) controller.enqueue(pending);
        pending = null;
      };
    },
    transform(part, controller) {
      if (part.type !== "text-delta") {
        flush();
        controller.enqueue(part);
        return;
      }
      if (pending && pending.id !== part.id) flush();
      pending = pending ? { ...pending, delta: (pending.delta ?? "") + (part.delta ?? "") } : part;
      timer ??= setTimeout(flushLater, COALESCE_MS);
    },
    flush: () => flush(),
  });
}

const coalescingMiddleware: LanguageModelMiddleware = {
  wrapStream: async ({ doStream }) => {
    const { stream, ...rest } = await doStream();
    return { ...rest, stream: stream.pipeThrough(coalesceTextDeltas()) };
  },
};

// Only the configured provider's SDK is imported.
async function buildLanguageModel({ provider, model, apiKey, baseUrl }: AiSettings): Promise<Model> {
  switch (provider) {
    case "openai": {
      const { createOpenAI } = await import("@ai-sdk/openai");
      return createOpenAI({ apiKey, baseURL: baseUrl })(model);
    }
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return createAnthropic({ apiKey, baseURL: baseUrl })(model);
    }
    case "google": {
      const { createGoogle } = await import("@ai-sdk/google");
      return createGoogle({ apiKey, baseURL: baseUrl })(model);
    }
    case "mistral": {
      const { createMistral } = await import("@ai-sdk/mistral");
      return createMistral({ apiKey, baseURL: baseUrl })(model);
    }
    case "openai-compatible": {
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      // Chat completions with response_format json_schema, which Ollama, vLLM and LM Studio
      // understand; without supportsStructuredOutputs the SDK would drop the schema.
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: baseUrl ?? "",
        apiKey,
        supportsStructuredOutputs: true,
      }).chatModel(model);
    }
  }
}

type AiSdk = typeof import("ai");

function classifyAiError(
  { NoObjectGeneratedError, RetryError, APICallError }: AiSdk,
  error: unknown,
  deadline?: AbortSignal,
): AiCallError {
  const name = error instanceof Error ? error.name : typeof error;
  if (deadline?.aborted || (error instanceof Error && error.name === "TimeoutError")) {
    return new AiCallError("timeout", { name });
  }
  if (NoObjectGeneratedError.isInstance(error)) return new AiCallError("invalid-output", { name });
  const apiError = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(apiError)) {
    return new AiCallError("provider", { name: apiError.name, statusCode: apiError.statusCode });
  }
  return new AiCallError("provider", { name });
}
