import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseStartError } from "./start-errors.ts";

/**
 * One process at a time on a PGlite data directory (ADR 0045). PGlite has no lock of its own:
 * two processes on one directory both start, and each overwrites the other's pages, so
 * acknowledged writes vanish after a restart. The lock is a file next to the directory
 * (`<dataDir>.lock`), created exclusively; it names its holder (host, PID, the PID's start
 * time), so a lock that a killed process (kill -9, power loss) left behind is recognised as
 * stale and taken over instead of blocking every later start.
 */

type LockRecord = {
  pid: number;
  hostname: string;
  /** Start time of the PID in clock ticks since boot (Linux), so a reused PID is not the holder. */
  started: string | null;
  /** Kernel boot id (Linux): after a reboot no PID of before is alive, whatever it looks like. */
  bootId: string | null;
  nonce: string;
};

export type DataDirLock = { path: string; release: () => void };

/**
 * A lock of another host cannot be checked by PID (a container on a shared volume); its holder
 * touches the file this often, and a lock untouched for FOREIGN_STALE_MS counts as abandoned.
 */
const HEARTBEAT_MS = 15_000;
const FOREIGN_STALE_MS = 2 * 60_000;
/** Takeover attempts when other processes race for the same stale lock. */
const MAX_ATTEMPTS = 5;

/** Nonces of the locks this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

export function lockPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = lockPathFor(dataDir);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const own: LockRecord = {
    pid: process.pid,
    hostname: os.hostname(),
    started: processStart(process.pid),
    bootId: bootId(),
    nonce: crypto.randomBytes(12).toString("hex"),
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (tryCreate(lockPath, own)) return holding(lockPath, own);
    const holder = readRecord(lockPath);
    if (holder === "missing") continue;
    if (holder !== "unreadable" && isAlive(holder, lockPath)) throw refused(dataDir, holder);
    takeOverStale(lockPath, holder === "unreadable" ? null : holder);
  }
  throw new DatabaseStartError(
    `Die Datenbank unter ${dataDir} ist gesperrt, die Sperre ließ sich nicht übernehmen (${lockPath}). Bitte erneut starten.`,
  );
}

function refused(dataDir: string, holder: LockRecord): DatabaseStartError {
  const where =
    holder.hostname === os.hostname() ? `Prozess ${holder.pid}` : `Prozess ${holder.pid} auf ${holder.hostname}`;
  return new DatabaseStartError(
    `Die Datenbank unter ${dataDir} ist bereits von einem anderen Postwerk-Prozess geöffnet (${where}). ` +
      "Beenden Sie ihn zuerst (z. B. den Server vor npm run admin:grant) – für mehrere Server gleichzeitig nutzen Sie PostgreSQL (DATABASE_URL).",
  );
}

/**
 * Writes the record to a file of its own and links it to the lock's name: the lock appears
 * atomically with its content, so no other process ever reads a half-written one.
 */
function tryCreate(lockPath: string, record: LockRecord): boolean {
  const draft = `${lockPath}.${record.pid}-${record.nonce}`;
  const fd = fs.openSync(draft, "wx", 0o644);
  try {
    fs.writeSync(fd, JSON.stringify(record));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function readRecord(lockPath: string): LockRecord | "missing" | "unreadable" {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
  try {
    const record = JSON.parse(text) as LockRecord;
    return typeof record.pid === "number" && typeof record.nonce === "string" ? record : "unreadable";
  } catch {
    // Written atomically (tryCreate), so only a damaged file reads like this: abandoned.
    return "unreadable";
  }
}

function isAlive(holder: LockRecord, lockPath: string): boolean {
  if (holder.hostname !== os.hostname()) {
    // Another machine or container: its PIDs mean nothing here, its heartbeat does.
    const touched = fs.statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return Date.now() - touched < FOREIGN_STALE_MS;
  }
  if (holder.bootId && holder.bootId !== bootId()) return false;
  // Our own PID on a lock we do not hold is an earlier life of this PID (PID 1 in a container).
  if (holder.pid === process.pid) return heldHere.has(holder.nonce);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const started = processStart(holder.pid);
  return !(holder.started && started && started !== holder.started);
}

/**
 * Moves the stale file aside under a name of our own and checks that it is the one judged
 * stale: if another process took it over in between, its fresh lock is put back.
 */
function takeOverStale(lockPath: string, stale: LockRecord | null): void {
  const aside = `${lockPath}.stale-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = readRecord(aside);
  const wasTheStaleOne =
    stale === null
      ? moved === "unreadable"
      : moved !== "missing" && moved !== "unreadable" && moved.nonce === stale.nonce;
  if (!wasTheStaleOne) {
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      // Someone else holds it already; the next attempt reads that holder.
    }
  }
  fs.rmSync(aside, { force: true });
}

function holding(lockPath: string, own: LockRecord): DataDirLock {
  heldHere.add(own.nonce);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(lockPath, now, now);
    } catch {
      // Disk trouble shows up in the database itself; the heartbeat only serves other hosts.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off("exit", release);
    heldHere.delete(own.nonce);
    const current = readRecord(lockPath);
    if (current !== "missing" && current !== "unreadable" && current.nonce === own.nonce) {
      fs.rmSync(lockPath, { force: true });
    }
  };
  // process.exit() skips close(); the lock goes with the process anyway.
  process.on("exit", release);
  return { path: lockPath, release };
}

function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) after the command name, which may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return null;
  }
}
