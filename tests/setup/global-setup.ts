import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseUrl: string | undefined;
    pgliteDumpPath: string | undefined;
  }
}

// PGlite takes seconds to start and migrate; do it once and let every test file load a
// copy of the migrated data directory (ADR 0046 on PGlite's start). With TEST_DATABASE_URL each test
// file gets a database of its own on that server instead.
export async function setup(project: TestProject) {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
  project.provide("testDatabaseUrl", testDatabaseUrl);
  if (testDatabaseUrl) {
    project.provide("pgliteDumpPath", undefined);
    return;
  }
  const database = await openDatabase({ driver: "pglite" });
  if (database.queueConnection.driver !== "pglite") throw new Error("PGlite erwartet");
  const dump = await database.queueConnection.pglite.dumpDataDir("none");
  const dumpPath = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-test-")), "migrated.tar");
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteDumpPath", dumpPath);
  return async () => {
    await fs.rm(path.dirname(dumpPath), { recursive: true, force: true });
  };
}
