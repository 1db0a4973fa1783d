import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Zip, ZipPassThrough } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, loadPgliteDump, openDatabase } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { readEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { RestoreRefused, resolveBackupFile, restoreBackup, writeBackup } from "./backup.service.ts";
import { listenForBackups, requestBackupFromServer } from "./backup-socket.ts";

// ADR 0051: a backup taken while writes go on restores every row committed before it began,
// and the uploaded images with it.

const repo = path.resolve(import.meta.dirname, "../../..");

let root: string;
let source: DatabaseHandle;
const sourceDir = () => path.join(root, "quelle");
const uploadsDir = () => path.join(sourceDir(), "uploads");

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-backup-"));
  source = await openDatabase({ driver: "pglite", dataDir: path.join(sourceDir(), "db") });
  await fs.mkdir(path.join(uploadsDir(), "social-images"), { recursive: true });
  for (const name of ["a.webp", "b.jpg"]) {
    await fs.writeFile(path.join(uploadsDir(), "social-images", name), `Bild ${name}`);
  }
}, 60_000);
afterAll(async () => {
  await source.close();
  await fs.rm(root, { recursive: true, force: true });
});

const message = (i: number) => ({ name: `Schreiber ${i}`, email: `s${i}@example.test`, message: `Nachricht ${i}` });

describe("backup and restore", () => {
  it("keeps every row committed before the backup began while writes go on", async () => {
    // A bounded write load beside the backup: 150 inserts one after another.
    const committed: string[] = [];
    let stop = false;
    const load = (async () => {
      for (let i = 0; i < 150 && !stop; i++) {
        const [row] = await source.db.insert(contactMessages).values(message(i)).returning({ id: contactMessages.id });
        if (row) committed.push(row.id);
      }
    })();
    while (committed.length < 20) await new Promise((resolve) => setImmediate(resolve));
    const committedBeforeBackup = [...committed];
    const file = path.join(root, "sicherung.zip");
    const manifest = await writeBackup({ dumpDatabase: source.dumpDataDir ?? null, uploadsDir: uploadsDir() }, file);
    stop = true;
    await load;
    expect(manifest).toMatchObject({ database: "pglite", uploads: 2 });

    const target = path.join(root, "ziel");
    await restoreBackup(file, target, loadPgliteDump);
    const restored = await openDatabase({ driver: "pglite", dataDir: path.join(target, "db") });
    try {
      const ids = new Set(
        (await restored.db.select({ id: contactMessages.id }).from(contactMessages)).map((r) => r.id),
      );
      expect(committedBeforeBackup.filter((id) => !ids.has(id))).toEqual([]);
    } finally {
      await restored.close();
    }
    expect(await fs.readFile(path.join(target, "uploads", "social-images", "b.jpg"), "utf8")).toBe("Bild b.jpg");
  }, 120_000);

  it("is written by the running server when asked over its socket, and nobody answers without one", async () => {
    const logger = createLogger(readEnv({ LOG_LEVEL: "silent" }));
    const file = path.join(root, "vom-server.zip");
    expect(await requestBackupFromServer(sourceDir(), file)).toBeNull();
    const stop = listenForBackups(
      sourceDir(),
      { dumpDatabase: source.dumpDataDir ?? null, uploadsDir: uploadsDir() },
      logger,
    );
    try {
      const answer = await requestBackupFromServer(sourceDir(), file);
      expect(answer).toMatch(/^ok /);
      expect((await fs.stat(file)).size).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  }, 60_000);

  it("holds only the images on PostgreSQL, whose database pg_dump saves", async () => {
    const file = path.join(root, "nur-bilder.zip");
    const manifest = await writeBackup({ dumpDatabase: null, uploadsDir: uploadsDir() }, file);
    expect(manifest).toMatchObject({ database: "none", uploads: 2 });
    const target = path.join(root, "ziel-postgres");
    await restoreBackup(file, target, () => Promise.reject(new Error("keine Datenbank erwartet")));
    expect(await fs.readFile(path.join(target, "uploads", "social-images", "a.webp"), "utf8")).toBe("Bild a.webp");
  });

  it("refuses a DATA_DIR that is not empty, and entries outside the uploads folder", async () => {
    const file = path.join(root, "nur-bilder-2.zip");
    await writeBackup({ dumpDatabase: null, uploadsDir: uploadsDir() }, file);
    await expect(restoreBackup(file, sourceDir(), loadPgliteDump)).rejects.toThrow(RestoreRefused);

    const evil = path.join(root, "boese.zip");
    const chunks: Uint8Array[] = [];
    const zip = new Zip((_error, chunk) => chunks.push(chunk));
    const entry = new ZipPassThrough("uploads/../../ausserhalb.txt");
    zip.add(entry);
    entry.push(new TextEncoder().encode("x"), true);
    zip.end();
    await fs.writeFile(evil, Buffer.concat(chunks));
    await expect(restoreBackup(evil, path.join(root, "ziel-boese"), loadPgliteDump)).rejects.toThrow(RestoreRefused);
    await expect(fs.stat(path.join(root, "ausserhalb.txt"))).rejects.toThrow();
  });
});

describe("npm run backup", () => {
  const DATED = /^postwerk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.zip$/;

  /** scripts/backup.ts as `npm run backup -- <target>` runs it, beside a running server's socket. */
  function runBackupScript(target: string) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "scripts/backup.ts", target],
        { cwd: repo, env: { HOME: os.tmpdir(), TMPDIR: os.tmpdir(), DATA_DIR: sourceDir(), LOG_LEVEL: "silent" } },
        (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
  }

  it("writes the dated archive into a directory given as its target", async () => {
    const logger = createLogger(readEnv({ LOG_LEVEL: "silent" }));
    const stop = listenForBackups(
      sourceDir(),
      { dumpDatabase: source.dumpDataDir ?? null, uploadsDir: uploadsDir() },
      logger,
    );
    const target = path.join(root, "sicherungen");
    await fs.mkdir(target);
    try {
      const { code, stdout, stderr } = await runBackupScript(target);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      const written = await fs.readdir(target);
      expect(written).toEqual([expect.stringMatching(DATED)]);
      expect(stdout).toContain(`✓ ${path.join(target, written[0] ?? "")}`);
    } finally {
      await stop();
    }
  }, 60_000);

  it("names the file in a directory, in a path ending in a slash, by default in backups/, or as given", async () => {
    const now = new Date("2026-12-01T09:30:15.042Z");
    const dated = "postwerk-2026-12-01T09-30-15-042Z.zip";
    const existing = path.join(root, "vorhanden");
    await fs.mkdir(existing);
    expect(await resolveBackupFile(existing, now)).toBe(path.join(existing, dated));
    expect(await resolveBackupFile(path.join(root, "neu") + path.sep, now)).toBe(path.join(root, "neu", dated));
    expect(await resolveBackupFile(undefined, now)).toBe(path.resolve("backups", dated));
    expect(await resolveBackupFile(path.join(root, "eigene.zip"), now)).toBe(path.join(root, "eigene.zip"));
  });

  it("leaves no half-written file behind when the archive cannot be put in place", async () => {
    const blocked = path.join(root, "ein-ordner");
    await fs.mkdir(blocked);
    await expect(writeBackup({ dumpDatabase: null, uploadsDir: uploadsDir() }, blocked)).rejects.toThrow();
    expect((await fs.readdir(root)).filter((name) => name.endsWith(".unvollstaendig"))).toEqual([]);
  });
});
