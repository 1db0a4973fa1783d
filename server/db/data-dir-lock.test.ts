import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { acquireDataDirLock, lockPathFor } from "./data-dir-lock.ts";
import { DatabaseStartError } from "./start-errors.ts";

// ADR 0045: one process per PGlite data directory; a killed holder never blocks the next start.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-lock-"));
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("lock on the PGlite data directory", () => {
  const dataDir = path.join(root, "db");

  it("refuses a second opener with one German line and lets it in after the first closed", async () => {
    const first = await openDatabase({ driver: "pglite", dataDir });
    const second = await openDatabase({ driver: "pglite", dataDir }).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DatabaseStartError);
    const message = (second as Error).message;
    expect(message).toContain("bereits von einem anderen Postwerk-Prozess geöffnet");
    expect(message).toContain("PostgreSQL");
    expect(message).not.toContain("\n");
    await first.close();
    expect(fs.existsSync(lockPathFor(dataDir))).toBe(false);
    const again = await openDatabase({ driver: "pglite", dataDir });
    await again.close();
  });

  it("refuses another process while one holds the lock", async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const child = await runChild(["--import", "tsx", "scripts/admin-grant.ts", "anna@example.de"], {
        DATA_DIR: root,
      });
      expect(child.code).toBe(1);
      expect(child.stderr.trim().split("\n")).toEqual([expect.stringContaining("bereits von einem anderen")]);
    } finally {
      lock.release();
    }
  });

  it("takes over the lock of a process killed with SIGKILL while it had the database open", async () => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { openDatabase } from "./server/db/client.ts";
         await openDatabase({ driver: "pglite", dataDir: ${JSON.stringify(dataDir)} });
         console.log("offen");
         setInterval(() => {}, 1000);`,
      ],
      { cwd: repo, stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("offen") && resolve());
      child.on("exit", (code) => reject(new Error(`Kindprozess endete vorzeitig (${code})`)));
    });
    expect(JSON.parse(fs.readFileSync(lockPathFor(dataDir), "utf8")).pid).toBe(child.pid);
    child.kill("SIGKILL");
    await exited;
    // The killed holder's file is still there; the next start must not be blocked by it.
    expect(fs.existsSync(lockPathFor(dataDir))).toBe(true);
    const next = await openDatabase({ driver: "pglite", dataDir });
    await next.close();
  });

  it("treats a damaged (empty) lock file as abandoned", () => {
    const other = path.join(root, "empty");
    fs.writeFileSync(lockPathFor(other), "");
    const lock = acquireDataDirLock(other);
    expect(JSON.parse(fs.readFileSync(lockPathFor(other), "utf8")).pid).toBe(process.pid);
    lock.release();
  });
});

function runChild(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: repo,
      // Only what the script needs: Vitest's own environment is not a server's.
      env: { HOME: os.homedir(), ...env, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}
