/**
 * Failures that mean "the database cannot serve right now" rather than a bug: the server answers
 * them with 503 and a German message instead of 500 (ADR 0045). Drizzle wraps the driver's error
 * in `cause`, so the whole chain is searched.
 */

/**
 * PostgreSQL SQLSTATEs: disk full, out of memory, too many connections, shutdown, cancel (timeout),
 * read-only, and a transaction PostgreSQL broke off (deadlock, serialization failure): it rolled
 * back whole, so the same request sent again is safe. Connection lost is any class 08.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  "53100",
  "53200",
  "53300",
  "57P01",
  "57P02",
  "57P03",
  "57014",
  "25006",
  "40P01",
  "40001",
]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
// node-postgres signals its own timeouts by message only.
const UNAVAILABLE_MESSAGES = [
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Datenbank antwortet nicht",
];

export function databaseErrorCode(error: unknown): string | undefined {
  for (const link of causes(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of causes(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof code === "string" && code.startsWith("08")) return true;
    const message = link instanceof Error ? link.message : "";
    if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}

function* causes(error: unknown): Generator<object> {
  let current: unknown = error;
  // Bounded: a cause chain is short, a cyclic one must not hang the error handler.
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  "Der Dienst ist gerade nicht erreichbar (Datenbank). Bitte versuchen Sie es in einigen Minuten erneut.";
