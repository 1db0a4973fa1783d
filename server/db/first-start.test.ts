import childProcess from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SERVER_NODE_FLAGS } from "#server/node-flags.ts";
import { openDatabase } from "./client.ts";

// ADR 0046: a new PGlite directory is created and migrated by a child process, so initdb's
// memory never stays in the server; an existing one is opened directly.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-first-start-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("first start on an empty PGlite directory", () => {
  it("initialises in a child process, then opens the migrated directory itself", async () => {
    const dataDir = path.join(root, "db");
    const spawn = vi.spyOn(childProcess, "spawn");
    try {
      const first = await openDatabase({ driver: "pglite", dataDir });
      const initialisers = spawn.mock.calls.filter(([, args]) =>
        args?.some((arg) => arg.endsWith("pglite-initialize.ts")),
      );
      expect(initialisers).toHaveLength(1);
      expect(initialisers[0]?.[1]).toContain(dataDir);
      // The server's V8 flags, or initdb peaks at ~1.2 GB in the child (ADR 0056).
      expect(initialisers[0]?.[1]).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
      // The child migrated: the product's tables are there when the server gets the directory.
      const tables = (await first.db.execute(sql`select count(*)::int as n from scheduled_jobs`)) as {
        rows: { n: number }[];
      };
      expect(tables.rows[0]?.n).toBe(0);
      await first.close();

      spawn.mockClear();
      const restart = await openDatabase({ driver: "pglite", dataDir });
      await restart.close();
      expect(spawn).not.toHaveBeenCalled();
    } finally {
      spawn.mockRestore();
    }
  });
});
