import { and, asc, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";

// The pieces the data export is written from (ADR 0026): files whose content arrives a piece at
// a time, JSON arrays written one element at a time, and rows read a page at a time.

export const EXPORT_PAGE_SIZE = 500;

export type Row = Record<string, unknown>;

export type ExportFile = { name: string; compress: boolean; content: AsyncIterable<Uint8Array | string> };

export function file(name: string, content: AsyncIterable<string> | string[]): ExportFile {
  return { name, compress: true, content: toAsync(content) };
}

export function jsonFile(name: string, value: unknown): ExportFile {
  return file(name, [`${JSON.stringify(value, null, 2)}\n`]);
}

export async function* toAsync<T>(values: AsyncIterable<T> | T[]): AsyncGenerator<T> {
  for await (const value of values) yield value;
}

/** A JSON array written one element at a time. */
export async function* jsonArray(rows: AsyncIterable<Row>, shape: (row: Row) => unknown): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const row of rows) {
    yield `${first ? "\n" : ",\n"}${JSON.stringify(shape(row))}`;
    first = false;
  }
  yield "\n]\n";
}

/** The rows of `table` matching `where`, oldest first, read at once: for the short lists. */
export function oldestFirst(
  db: Database,
  table: PgTable & { createdAt: PgColumn },
  where: SQL | undefined,
  columns: Record<string, PgColumn>,
): Promise<Row[]> {
  return db.select(columns).from(table).where(where).orderBy(asc(table.createdAt));
}

/** A JSON object written member by member; a member that arrives in pieces (jsonArray) is passed on piece by piece. */
export async function* jsonObject(members: Record<string, unknown>): AsyncGenerator<string> {
  let first = true;
  yield "{";
  for (const [key, value] of Object.entries(members)) {
    yield `${first ? "\n  " : ",\n  "}${JSON.stringify(key)}: `;
    first = false;
    if (isPieces(value)) yield* value;
    else yield JSON.stringify(value, null, 2).replaceAll("\n", "\n  ");
  }
  yield "\n}\n";
}

function isPieces(value: unknown): value is AsyncIterable<string> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/** All rows of `table` matching `where`, oldest first, read a page at a time (see `pagesOf`). */
export async function* pages(...query: Parameters<typeof pagesOf>): AsyncGenerator<Row> {
  for await (const page of pagesOf(...query)) yield* page;
}

/**
 * All rows of `table` matching `where` in the order of (time, id), EXPORT_PAGE_SIZE at a time:
 * keyset paging, so each page is one index range however far into the list. `time` is a
 * timestamptz column (created_at; a post's scheduled_at). The cursor keeps it as PostgreSQL's
 * text, because a JavaScript date would drop its microseconds.
 */
export async function* pagesOf(
  db: Database,
  table: PgTable,
  columns: Record<string, PgColumn>,
  where: SQL | undefined,
  time: PgColumn,
  id: PgColumn,
): AsyncGenerator<Row[]> {
  let after: { time: string; id: string } | null = null;
  while (true) {
    const page: Row[] = await db
      .select({ ...columns, cursorTime: sql<string>`${time}::text`, cursorId: sql<string>`${id}::text` })
      .from(table)
      .where(and(where, after ? sql`(${time}, ${id}) > (${after.time}::timestamptz, ${after.id})` : undefined))
      .orderBy(asc(time), asc(id))
      .limit(EXPORT_PAGE_SIZE);
    if (page.length > 0) yield page.map(({ cursorTime: _time, cursorId: _id, ...row }) => row);
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    after = { time: String(last.cursorTime), id: String(last.cursorId) };
  }
}
