import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "./client.ts";
import { syncDirectoryTree } from "./pglite-durability.ts";

// ADR 0045: a commit on PGlite is acknowledged only after fsync on the host file.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-durable-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("durable commits on PGlite", () => {
  it("runs with fsync on and calls the host's fsync for every commit", async () => {
    const database = await openDatabase({ driver: "pglite", dataDir: path.join(root, "db") });
    try {
      const setting = async (name: string) => {
        const result = (await database.db.execute(sql.raw(`show ${name}`))) as { rows: Record<string, string>[] };
        return result.rows[0];
      };
      expect(await setting("fsync")).toEqual({ fsync: "on" });
      expect(await setting("wal_sync_method")).toEqual({ wal_sync_method: "fsync" });
      // What PGlite holds resident from its start (ADR 0122) reaches Postgres as set.
      expect(await setting("shared_buffers")).toEqual({ shared_buffers: "32MB" });
      expect(await setting("max_connections")).toEqual({ max_connections: "4" });

      const fsync = vi.spyOn(fs, "fsyncSync");
      try {
        for (let i = 0; i < 3; i++) {
          await database.db.execute(sql`insert into scheduled_jobs (name, last_run_at) values (${`job-${i}`}, now())`);
        }
        expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(3);
      } finally {
        fsync.mockRestore();
      }
    } finally {
      await database.close();
    }
  });

  it("syncs every file and directory of a new cluster once", () => {
    const tree = path.join(root, "tree");
    fs.mkdirSync(path.join(tree, "base"), { recursive: true });
    fs.writeFileSync(path.join(tree, "PG_VERSION"), "17");
    fs.writeFileSync(path.join(tree, "base", "1"), "x");
    const fsync = vi.spyOn(fs, "fsyncSync");
    try {
      syncDirectoryTree(tree);
      // Two files and two directories.
      expect(fsync).toHaveBeenCalledTimes(4);
    } finally {
      fsync.mockRestore();
    }
  });
});
