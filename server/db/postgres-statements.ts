import crypto from "node:crypto";
import type pg from "pg";

// On PostgreSQL every query with parameters becomes a named statement of its connection (ADR
// 0123), as PGlite's client does (pglite-client.ts): PostgreSQL parses and plans each SQL text once
// per connection instead of per call, and node-postgres sends only Bind and Execute after the
// first. The name is a digest of the text, so the same text finds its statement on every
// connection, and node-postgres keeps track of which connection has which. Queries without
// parameters keep the simple protocol, which allows several statements in one text.

type QueryFunction = (this: pg.Client, ...args: unknown[]) => unknown;

function statementName(text: string): string {
  return `postwerk_${crypto.createHash("sha256").update(text).digest("base64url").slice(0, 32)}`;
}

function named(config: unknown, values: unknown): unknown {
  if (typeof config !== "object" || config === null) return config;
  // A Query or cursor object (`submit`) is passed on as it is.
  const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
  if (typeof query.text !== "string" || query.name !== undefined || typeof query.submit === "function") return config;
  const parameters = Array.isArray(values) ? values : query.values;
  if (!Array.isArray(parameters) || parameters.length === 0) return config;
  return { ...query, name: statementName(query.text) };
}

/** The node-postgres client class for the app's pool: its parameterised queries are named statements. */
export function namedStatementClient(Client: typeof pg.Client): typeof pg.Client {
  class NamedStatementClient extends Client {}
  const query = Client.prototype.query as QueryFunction;
  (NamedStatementClient.prototype as unknown as { query: QueryFunction }).query = function (config, ...rest) {
    return query.call(this, named(config, rest[0]), ...rest);
  };
  return NamedStatementClient;
}
