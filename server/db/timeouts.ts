/**
 * How long the server waits for its database, in one place (ADR 0045). A frozen PostgreSQL
 * (stopped, network partition) accepts TCP connections and never answers; without limits every
 * request hangs with it. User-facing queries take milliseconds (p95 targets of 20 ms), so a
 * few seconds separate "slow" from "gone". Migrations run on a pool of their own without them.
 */

/** Opening a connection, including the wait for a free one in the pool (node-postgres `connectionTimeoutMillis`). */
export const DB_CONNECT_TIMEOUT_MS = 3_000;
/** One query, measured by the client (`query_timeout`): the only limit that works when the server is frozen. */
export const DB_QUERY_TIMEOUT_MS = 4_000;
/** The same limit on the server (`statement_timeout`), so it stops work nobody waits for any more. */
export const DB_STATEMENT_TIMEOUT_MS = 4_000;
/** `/readyz`: the write check must finish within this, else the server is not ready. */
export const READINESS_TIMEOUT_MS = 2_000;
