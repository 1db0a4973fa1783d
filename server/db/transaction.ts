import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

/**
 * Runs `work` in `db`'s transaction when `db` is one already, else in a new one. A service that
 * writes several rows together (a post and its queue job) is also called inside a caller's
 * transaction (the public API's Idempotency-Key, ADR 0109); a nested `db.transaction` would open a
 * savepoint there, two statements more per create. Without it the work's writes are undone only
 * with the caller's transaction: a caller must let the work's error roll back (as runOnce does),
 * never catch it and commit (ADR 0121).
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}

// A boolean, not a type guard: narrowing to PgTransaction would lose the schema's types.
function isTransaction(db: Database): boolean {
  return db instanceof PgTransaction;
}
