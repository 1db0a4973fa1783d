import pino from "pino";
import type { Env } from "./env.ts";

export type Logger = pino.Logger;

// Logs carry ids, never what a person wrote or who they are (ADR 0020): no e-mail
// addresses, names, messages, prompts, posts, passwords, tokens or cookies. Callers log ids;
// these paths catch the fields anyway if an object with them is passed, and `describeError`
// keeps query parameters and vendor payloads out of logged errors.
const REDACTED_PATHS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "apiKey",
  "email",
  "keyPoints",
  "posts",
  "postText",
  "text",
  "prompt",
  "params",
  "cookie",
  "authorization",
].flatMap((key) => [key, `*.${key}`]);

export function createLogger(env: Pick<Env, "NODE_ENV" | "LOG_LEVEL">, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    redact: { paths: [...REDACTED_PATHS, "req.headers.cookie", "req.headers.authorization"], censor: "[entfernt]" },
    serializers: { err: describeError },
    transport:
      env.NODE_ENV === "development" && !destination
        ? { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } }
        : undefined,
  };
  return destination ? pino(options, destination) : pino(options);
}

// Database errors are the ones worth their code, table and constraint; their `detail`,
// `where` and a query's parameters quote row values and stay out.
const SAFE_ERROR_FIELDS = ["code", "severity", "table", "column", "constraint", "routine", "kind", "status"];

/**
 * An error as the log may show it: type, message, stack, the safe fields above and its cause.
 * Drizzle's query errors put every parameter into their message ("params: a@b.de,Erika,…"),
 * so for them only the SQL text with its placeholders is kept.
 */
function describeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const message = isQueryError(error) ? `Failed query: ${error.query}` : error.message;
  const stackFrames = error.stack?.split("\n").filter((line) => line.trimStart().startsWith("at ")) ?? [];
  const described: Record<string, unknown> = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...stackFrames].join("\n"),
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number") described[field] = value;
  }
  if (error.cause !== undefined && depth < 3) described.cause = describeError(error.cause, depth + 1);
  return described;
}

function isQueryError(error: Error): error is Error & { query: string } {
  return typeof (error as { query?: unknown }).query === "string" && "params" in error;
}
