import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseStartError, describeDatabaseStartError } from "./start-errors.ts";

// ADR 0045: a start that fails on the database says in one German line what to do.
describe("start errors of the embedded database", () => {
  it("says 'disk full' for PGlite's ErrnoError 51 and for Node's ENOSPC", () => {
    const fromPglite = describeDatabaseStartError(
      Object.assign(new Error(), { name: "ErrnoError", errno: 51 }),
      "/srv/data/db",
    );
    expect(fromPglite).toBeInstanceOf(DatabaseStartError);
    expect(fromPglite.message).toMatch(
      /^Kein Platz mehr auf dem Datenträger von \/srv\/data\/db \(ENOSPC\): geben Sie Platz frei/,
    );
    const fromNode = describeDatabaseStartError(
      Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC", path: "/srv/data/db.lock" }),
      "/srv/data/db",
    );
    expect(fromNode.message).toContain("Datenträger von /srv/data (ENOSPC)");
  });

  it("says 'not writable' for PGlite's EACCES (errno 2) and EROFS (errno 69)", () => {
    for (const errno of [2, 69]) {
      const error = describeDatabaseStartError(
        Object.assign(new Error(), { name: "ErrnoError", errno }),
        "/srv/data/db",
      );
      expect(error.message).toMatch(/^Der Datenordner \/srv\/data\/db ist nicht beschreibbar \(E(ACCES|ROFS)\)/);
    }
  });

  it("keeps an unknown failure to one short line (no minified source)", () => {
    const error = describeDatabaseStartError(
      new Error(`PGlite failed to initialize properly\n${"x".repeat(5000)}`),
      "/d",
    );
    expect(error.message).toContain("(PGlite failed to initialize properly)");
    expect(error.message).not.toContain("\n");
    expect(error.message.length).toBeLessThan(400);
  });
});

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const root = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-readonly-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// chmod does not stop root from writing. As root the server runs as `nobody` instead, in
// directories root owns; where even that is impossible (no CAP_SETUID), the test is skipped.
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const asNobody = isRoot && spawnSync(process.execPath, ["-e", ""], { uid: NOBODY, gid: NOBODY }).status === 0;
const skipReason = isRoot && !asNobody ? "als root ohne Wechsel zu nobody lässt sich kein Ordner schreibschützen" : "";
if (isRoot) fs.chmodSync(root, 0o755);

/** Makes `dir` read-only for the server started by `startServer`. */
function readOnly(dir: string) {
  if (!isRoot) fs.chmodSync(dir, 0o555);
}

/** A directory the server may write to. */
function writable(dir: string) {
  if (isRoot) fs.chownSync(dir, NOBODY, NOBODY);
}

function startServer(dataDir: string) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: repo,
      // The server stops before it listens; the port is never bound.
      env: { HOME: os.tmpdir(), TMPDIR: os.tmpdir(), DATA_DIR: dataDir, PORT: "39517", LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "pipe"],
      ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe.skipIf(skipReason !== "")(
  `read-only data directory${skipReason ? ` (übersprungen: ${skipReason})` : ""}`,
  () => {
    it("refuses an empty read-only DATA_DIR with one line", async () => {
      const dataDir = path.join(root, "empty");
      fs.mkdirSync(dataDir, { mode: 0o755 });
      readOnly(dataDir);
      const { code, stderr } = await startServer(dataDir);
      expect(code).toBe(1);
      expect(stderr.trimEnd().split("\n")).toEqual([
        expect.stringMatching(
          new RegExp(`^Der Datenordner ${dataDir} ist nicht beschreibbar \\(EACCES\\): .*DATA_DIR`),
        ),
      ]);
    });

    it("refuses a read-only database directory with data in it with one line", async () => {
      const dataDir = path.join(root, "with-data");
      const dbDir = path.join(dataDir, "db");
      fs.mkdirSync(path.join(dbDir, "base"), { recursive: true, mode: 0o755 });
      fs.writeFileSync(path.join(dbDir, "PG_VERSION"), "17\n");
      writable(dataDir);
      readOnly(dbDir);
      const { code, stderr } = await startServer(dataDir);
      expect(code).toBe(1);
      expect(stderr.trimEnd().split("\n")).toEqual([
        expect.stringMatching(new RegExp(`^Der Datenordner ${dbDir} ist nicht beschreibbar \\(EACCES\\)`)),
      ]);
    });
  },
);
