import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from "@electric-sql/pglite";

// The client Drizzle talks to on PGlite (ADR 0118, 0123). Two things PGlite's own `query` does on
// every call that cost more than the query itself on this machine:
// - It copies its whole table of some 320 type parsers into a new object when Drizzle hands it a
//   few parsers of its own (dates, timestamps and intervals stay text; Drizzle maps them itself):
//   80 µs of a query's 190. Drizzle's parsers go into PGlite's table once instead.
// - It parses and plans the SQL anew each time (an unnamed statement) and does so in six trips
//   into the WASM module. Here each SQL text becomes a named statement on first use, as
//   node-postgres does with a named query: later calls bind and execute it in one trip. pg-boss's
//   job insert, a large CTE, took 0,86 ms of a 4,3 ms API create that way, half of it planning.
// The result is the same rows: pglite-client.test.ts compares both ways column type by column type.

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

/**
 * Named statements kept per database. Each holds its parse tree and, after a few runs, a plan in
 * PGlite's memory; Drizzle's queries are a few dozen shapes, the rest (migrations, searches with
 * a varying number of terms) are used once and make room again.
 */
const STATEMENT_CACHE_SIZE = 100;

/**
 * A named statement that no longer fits its tables (a column added under `select *`) or that is
 * gone: it did nothing, and prepared anew it runs.
 */
function isStaleStatement(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === "26000" || (code === "0A000" && typeof message === "string" && message.includes("cached plan must not"))
  );
}

const raw = (value: string) => value;

/** One runner per database: statement names are the database session's, whoever prepared them. */
const runners = new WeakMap<PGlite, ReturnType<typeof createStatementRunner>>();

function statementRunner(client: PGlite) {
  let runner = runners.get(client);
  if (!runner) {
    runner = createStatementRunner(client);
    runners.set(client, runner);
  }
  return runner;
}

/** What Drizzle's PGlite session calls on a client and on a transaction (drizzle-orm/pglite/session.js). */
type DrizzleClient = Pick<PGlite, "query" | "transaction">;

type Statement = { name: string; paramTypes: number[] };

const { serialize } = protocol;

/** PGlite's own errors carry the query, its parameters and options; these do the same. */
function withQuery(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

/** Runs SQL as named statements of `client`; the caller holds PGlite's query lock. */
function createStatementRunner(client: PGlite) {
  const statements = new Map<string, Statement>();
  /** Close messages for evicted statements, sent with the next query. */
  let closing: Uint8Array[] = [];
  let counter = 0;

  /** One trip into the WASM module; Postgres closes evicted statements first, even if a later message fails. */
  async function send(parts: Uint8Array[]) {
    const message = Buffer.concat([...closing, ...parts]);
    closing = [];
    return (await client.execProtocol(message, { syncToFs: false })).messages;
  }

  async function prepare(key: string, text: string, options: QueryOptions): Promise<Statement> {
    const name = `postwerk_${++counter}`;
    const messages = await send([
      serialize.parse({ name, text, types: options.paramTypes }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(key, statement);
    for (const [oldKey, old] of statements) {
      if (statements.size <= STATEMENT_CACHE_SIZE) break;
      statements.delete(oldKey);
      closing.push(serialize.close({ type: "S", name: old.name }));
    }
    return statement;
  }

  return async function run(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results> {
    // Drizzle's parsers are in PGlite's table already: passed along, PGlite would copy the table.
    const { parsers: _perQuery, ...options } = queryOptions ?? {};
    const key = options.paramTypes ? `${text}\0${options.paramTypes.join(",")}` : text;
    try {
      let statement = statements.get(key);
      if (statement) {
        // Most recently used last, so the first entry is the one to drop.
        statements.delete(key);
        statements.set(key, statement);
      } else {
        statement = await prepare(key, text, options);
      }
      // Serialised by the parameter's type as Postgres reads it, exactly as PGlite's `query` does.
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[index] ?? 0;
        const serializer = options.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await send([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      const [result] = parse.parseResults(messages, client.parsers, options);
      if (!result) throw new Error("PGlite: keine Antwort auf die Abfrage");
      return result;
    } catch (error) {
      if (isStaleStatement(error)) statements.delete(key);
      throw withQuery(error, text, params, options);
    }
  };
}

/**
 * The client to give Drizzle: PGlite with Drizzle's parsers in its own table and every query a
 * named statement. Locks and writes as PGlite's `query` does: a query outside a transaction waits
 * for a running transaction and syncs the file system afterwards; one inside runs in it. PGlite
 * fills its array types' parsers when it is ready, so this runs after `PGlite.create` has resolved.
 */
export function clientForDrizzle(client: PGlite): DrizzleClient {
  for (const type of DRIZZLE_RAW_TYPES) client.parsers[type] = raw;
  const run = statementRunner(client);
  return {
    query: (async (text: string, params?: unknown[], options?: QueryOptions) => {
      // What PGlite's own `query` answers; the WASM module is gone by then.
      if (client.closed) throw new Error("PGlite is closed");
      return client._runExclusiveTransaction(() =>
        client.runExclusive(async () => {
          // Outside a transaction a stale statement is simply prepared again; inside, the
          // transaction is aborted and the error goes to its caller.
          const result = await run(text, params, options).catch((error: unknown) => {
            if (isStaleStatement(error)) return run(text, params, options);
            throw error;
          });
          await client.syncToFs();
          return result;
        }),
      );
    }) as PGlite["query"],
    // The transaction keeps everything of PGlite's (BEGIN, COMMIT, rollback, closed, …).
    transaction: (callback) =>
      client.transaction((tx) =>
        callback(
          Object.assign(Object.create(tx) as Transaction, {
            query: (async (text: string, params?: unknown[], options?: QueryOptions) => {
              if (tx.closed) throw new Error("Transaction is closed");
              return client.runExclusive(() => run(text, params, options));
            }) as Transaction["query"],
          }),
        ),
      ),
  };
}
