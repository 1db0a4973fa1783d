import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from "fflate";

// `npm run backup` and `npm run restore` (ADR 0051): one ZIP with the PGlite data directory as
// PGlite's own consistent dump and the uploaded images as they are. On PostgreSQL the database is
// pg_dump's job; the archive then holds the uploads only.

export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = "postwerk-backup.json";
const DATABASE_ENTRY = "db/pglite-datadir.tar.gz";
const UPLOADS_PREFIX = "uploads/";

export type BackupManifest = {
  format: number;
  createdAt: string;
  database: "pglite" | "none";
  uploads: number;
};

export type BackupSource = {
  /** PGlite's dump of its data directory, taken inside the running database; null on PostgreSQL. */
  dumpDatabase: (() => Promise<Blob>) | null;
  /** $DATA_DIR/uploads, the local image bucket. */
  uploadsDir: string;
};

/** The name `npm run backup` gives an archive, dated to the millisecond (UTC). */
export function datedBackupName(now: Date): string {
  return `postwerk-${now.toISOString().replace(/[:.]/g, "-")}.zip`;
}

/**
 * Where `npm run backup [-- ziel]` writes: without a target into `backups/`; into a target that is
 * a directory (one that exists, or a path ending in "/") under the dated name; anywhere else to the
 * file named. An absolute path, because the running server writes it (backup-socket.ts).
 */
export async function resolveBackupFile(target: string | undefined, now: Date): Promise<string> {
  if (target === undefined || target === "") return path.resolve("backups", datedBackupName(now));
  const isDirectory = /[\\/]$/.test(target) || (await fsp.stat(target).catch(() => null))?.isDirectory() === true;
  return path.resolve(isDirectory ? path.join(target, datedBackupName(now)) : target);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/**
 * Writes the archive to `file` (via a temporary name, so a cut-off backup never looks complete).
 * The uploads are listed before the database dump starts: every image a committed row can name
 * at that moment is in the archive.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupManifest> {
  const uploads = await listFiles(source.uploadsDir);
  const dump = source.dumpDatabase ? new Uint8Array(await (await source.dumpDatabase()).arrayBuffer()) : null;
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database: dump ? "pglite" : "none",
    uploads: uploads.length,
  };
  await fsp.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.unvollstaendig`;
  const out = fs.createWriteStream(partial);
  const finished = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const add = async (name: string, data: Uint8Array, compress: boolean) => {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(data, true);
    // Let the stream drain between large entries instead of buffering the whole archive.
    if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  };
  await add(MANIFEST, new TextEncoder().encode(JSON.stringify(manifest, null, 2)), true);
  if (dump) await add(DATABASE_ENTRY, dump, false);
  for (const name of uploads) {
    // A file deleted between listing and reading belongs to a row deleted meanwhile: skip it.
    const data = await fsp.readFile(path.join(source.uploadsDir, name)).catch(() => null);
    if (data) await add(`${UPLOADS_PREFIX}${name}`, data, false);
  }
  try {
    zip.end();
    await finished;
    await fsp.rename(partial, file);
  } catch (error) {
    // A cut-off archive under its temporary name helps nobody and fills the disk.
    await fsp.rm(partial, { force: true });
    throw error;
  }
  return manifest;
}

export class RestoreRefused extends Error {}

async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await fsp.readdir(dir).catch(() => []);
  return entries.length === 0;
}

/** Reads the archive's entries into memory by name (databases here are small; images stream to disk). */
async function readArchive(file: string, uploadsDir: string) {
  const files = new Map<string, Uint8Array>();
  const writes: Promise<void>[] = [];
  const unzip = new Unzip((entry) => {
    const chunks: Uint8Array[] = [];
    entry.ondata = (error, chunk, final) => {
      if (error) throw error;
      chunks.push(chunk);
      if (!final) return;
      const data = Buffer.concat(chunks);
      if (entry.name.startsWith(UPLOADS_PREFIX)) {
        const relative = entry.name.slice(UPLOADS_PREFIX.length);
        const target = path.resolve(uploadsDir, relative);
        // An archive cannot write outside the uploads folder (no "../" in names).
        if (!target.startsWith(path.resolve(uploadsDir) + path.sep))
          throw new RestoreRefused(`Ungültiger Eintrag: ${entry.name}`);
        writes.push(fsp.mkdir(path.dirname(target), { recursive: true }).then(() => fsp.writeFile(target, data)));
      } else {
        files.set(entry.name, data);
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of fs.createReadStream(file)) unzip.push(chunk as Uint8Array);
  unzip.push(new Uint8Array(0), true);
  await Promise.all(writes);
  return files;
}

/** Restores an archive into an empty DATA_DIR; `loadDatabase` writes PGlite's data directory. */
export async function restoreBackup(
  file: string,
  dataDir: string,
  loadDatabase: (dbDir: string, dump: Blob) => Promise<void>,
): Promise<BackupManifest> {
  const dbDir = path.join(dataDir, "db");
  const uploadsDir = path.join(dataDir, "uploads");
  if (!(await isEmptyDir(dbDir)) || !(await isEmptyDir(uploadsDir))) {
    throw new RestoreRefused(
      `${dataDir} ist nicht leer: Eine Sicherung wird nur in ein leeres DATA_DIR zurückgespielt. Bitte ein neues Verzeichnis wählen oder das alte vorher verschieben.`,
    );
  }
  const files = await readArchive(file, uploadsDir);
  const manifestBytes = files.get(MANIFEST);
  if (!manifestBytes) throw new RestoreRefused(`${file} ist keine Postwerk-Sicherung (${MANIFEST} fehlt).`);
  const manifest = JSON.parse(Buffer.from(manifestBytes).toString("utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT_VERSION) {
    throw new RestoreRefused(`Unbekanntes Sicherungsformat ${manifest.format}.`);
  }
  const dump = files.get(DATABASE_ENTRY);
  if (manifest.database === "pglite") {
    if (!dump) throw new RestoreRefused("Die Sicherung ist unvollständig: die Datenbank fehlt.");
    await loadDatabase(dbDir, new Blob([new Uint8Array(dump)]));
  }
  return manifest;
}
