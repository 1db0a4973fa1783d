import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ObjectStore } from "./object-store.ts";

// The embedded default: the bucket is a folder under DATA_DIR (ADR 0013).

export function createFolderObjectStore(folder: string): ObjectStore {
  let ready: Promise<unknown> | null = null;
  const ensureFolder = () => {
    ready ??= fs.mkdir(folder, { recursive: true });
    return ready;
  };
  return {
    async put(key, bytes) {
      await ensureFolder();
      // "wx": never overwrite, even in the astronomically unlikely case of a repeated name.
      await fs.writeFile(path.join(folder, key), bytes, { flag: "wx", mode: 0o644 });
    },
    async get(key) {
      try {
        return await fs.readFile(path.join(folder, key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      let file: FileHandle;
      try {
        file = await fs.open(path.join(folder, key), "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await file.stat();
        // autoClose (the default) closes the handle when the stream ends, fails or is cancelled.
        const body = Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>;
        return { body, size };
      } catch (error) {
        await file.close();
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(path.join(folder, key), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}
