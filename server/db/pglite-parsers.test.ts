import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientForDrizzle } from "./pglite-parsers.ts";

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
