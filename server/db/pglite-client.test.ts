import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientForDrizzle } from "./pglite-client.ts";

// The client Drizzle gets (ADR 0118) must read every column exactly as PGlite does with the
// parsers Drizzle passes per query (drizzle-orm/pglite/session.js): the same rows, type by type.

const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [
    type,
    (value: string) => value,
  ]),
);

const COLUMNS = `
  created timestamp, created_tz timestamptz, day date, span interval, amount numeric, amounts numeric[],
  times timestamp[], times_tz timestamptz[], spans interval[], days date[], tags text[], counts int4[],
  big int8, flag boolean, id uuid, doc jsonb, note text, ratio float8`;

const ROW = `
  '2026-11-28 13:30:00', '2026-11-28 13:30:00+01', '2026-03-29', '1 day 02:00', 12.50, '{1.5,2}',
  '{"2026-01-01 00:00:00"}', '{"2026-01-01 00:00:00+00"}', '{"1 hour"}', '{2026-01-01}', '{a,"b c"}', '{1,2}',
  9007199254740993, true, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{"a": [1, "zwei"]}', 'Grüße', 0.25`;

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(
    `create table sample (${COLUMNS}); insert into sample values (${ROW}), (${ROW.replace(/'[^']*'|[\d.]+|true/g, "null")});`,
  );
});
afterAll(async () => {
  await pglite.close();
});

describe("clientForDrizzle", () => {
  it("reads every column type as PGlite with Drizzle's per-query parsers does, outside and inside a transaction", async () => {
    const select = "select * from sample order by created nulls last";
    const expected = {
      array: (await pglite.query(select, [], { rowMode: "array", parsers: DRIZZLE_PARSERS })).rows,
      object: (await pglite.query(select, [], { rowMode: "object", parsers: DRIZZLE_PARSERS })).rows,
    };
    const client = clientForDrizzle(pglite);
    expect((await client.query(select, [], { rowMode: "array", parsers: DRIZZLE_PARSERS })).rows).toEqual(
      expected.array,
    );
    expect((await client.query(select, [], { rowMode: "object" })).rows).toEqual(expected.object);
    const inTransaction = await client.transaction(async (tx) => {
      expect(tx.closed).toBe(false);
      return (await tx.query(select, [], { rowMode: "array", parsers: DRIZZLE_PARSERS })).rows;
    });
    expect(inTransaction).toEqual(expected.array);
    // Sanity: the raw types really stay text, the others are parsed.
    const [first] = expected.object as Record<string, unknown>[];
    expect(first?.created).toBe("2026-11-28 13:30:00");
    expect(first?.tags).toEqual(["a", "b c"]);
    expect(first?.doc).toEqual({ a: [1, "zwei"] });
  });

  it("rolls a failed transaction back", async () => {
    const client = clientForDrizzle(pglite);
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into sample (note) values ('weg')");
        throw new Error("abgebrochen");
      }),
    ).rejects.toThrow("abgebrochen");
    expect((await pglite.query("select count(*)::int as n from sample where note = 'weg'")).rows).toEqual([{ n: 0 }]);
  });
});

describe("named statements", () => {
  const preparedCount = async (text: string) =>
    (
      await pglite.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement = $1", [
        text,
      ])
    ).rows[0]?.n;

  it("prepares each SQL text once and serialises parameters by their type, as PGlite's query does", async () => {
    const client = clientForDrizzle(pglite);
    const text =
      "select $1::jsonb as doc, $2::text[] as tags, $3::timestamptz as at, $4::int8 as big, $5::bool as flag";
    const params = [
      { a: [1, "zwei"] },
      ["a", 'b "c"', null],
      new Date("2026-11-29T10:00:00Z"),
      9007199254740993n,
      false,
    ];
    const expected = (await pglite.query(text, params)).rows;
    for (let run = 0; run < 3; run++) expect((await client.query(text, params)).rows).toEqual(expected);
    expect(await client.transaction(async (tx) => (await tx.query(text, params)).rows)).toEqual(expected);
    expect(await preparedCount(text)).toBe(1);
  });

  it("keeps at most a hundred statements and closes the least recently used", async () => {
    const client = clientForDrizzle(pglite);
    for (let n = 0; n < 130; n++) await client.query(`select ${n}::int as n`);
    const named = await pglite.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'postwerk_%'",
    );
    expect(named.rows[0]?.n).toBeLessThanOrEqual(101);
    expect(await preparedCount("select 129::int as n")).toBe(1);
    expect(await preparedCount("select 0::int as n")).toBe(0);
  });

  it("prepares a statement again when its table changed under it", async () => {
    const client = clientForDrizzle(pglite);
    await pglite.exec("create table changing (a int); insert into changing values (1)");
    const text = "select * from changing";
    expect((await client.query(text)).rows).toEqual([{ a: 1 }]);
    await pglite.exec("alter table changing add column b int");
    // Outside a transaction the stale statement is prepared anew at once.
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: null }]);
    await pglite.exec("alter table changing add column c int");
    // Inside one the transaction is aborted, as with any failed statement; the next run works.
    await expect(client.transaction((tx) => tx.query(text))).rejects.toThrow("cached plan must not change result type");
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: null, c: null }]);
  });

  it("answers errors with the query, as PGlite does, and leaves the next query unharmed", async () => {
    const client = clientForDrizzle(pglite);
    const failed = await client.query("select $1::int as n", ["keine Zahl"]).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: "22P02", query: "select $1::int as n" });
    await expect(client.query("select from nirgends")).rejects.toMatchObject({ code: "42P01" });
    expect((await client.query("select $1::int as n", [7])).rows).toEqual([{ n: 7 }]);
  });
});
