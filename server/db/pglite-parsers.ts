import { type PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";

// Drizzle hands PGlite a few parsers of its own with every query (dates, timestamps and intervals
// stay text; Drizzle maps them itself), and PGlite then copies its whole table of some 320 type
// parsers into a new object for that one query before reading the rows. On this machine that
// copy was 80 µs of a query's 190: a third of every PGlite query. So Drizzle's parsers go into
// PGlite's table once, and Drizzle talks to a client that leaves them out of each query (ADR 0118).
// The result is the same rows: pglite-parsers.test.ts compares both ways column type by column type.

/** Drizzle's parsers as drizzle-orm/pglite/session.js passes them (0.45): raw text for these types. */
const DRIZZLE_RAW_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const raw = (value: string) => value;

/** What Drizzle's PGlite session calls on a client and on a transaction (drizzle-orm/pglite/session.js). */
type DrizzleClient = Pick<PGlite, "query" | "transaction">;

function queryWithoutParsers(target: Pick<PGlite, "query"> | Pick<Transaction, "query">): PGlite["query"] {
  return (text, params, options?: QueryOptions) => {
    const { parsers: _perQuery, ...rest } = options ?? {};
    return target.query(text, params, rest);
  };
}

/**
 * The client to give Drizzle: PGlite with Drizzle's parsers in its own table, answering queries
 * and transactions without the per-query parsers. PGlite fills its array types' parsers when it
 * is ready, so this runs after `PGlite.create` has resolved.
 */
export function clientForDrizzle(client: PGlite): DrizzleClient {
  for (const type of DRIZZLE_RAW_TYPES) client.parsers[type] = raw;
  return {
    query: queryWithoutParsers(client),
    // The transaction keeps everything of PGlite's (rollback, closed, …) and answers queries the same way.
    transaction: (callback) =>
      client.transaction((tx) =>
        callback(Object.assign(Object.create(tx) as Transaction, { query: queryWithoutParsers(tx) })),
      ),
  };
}
