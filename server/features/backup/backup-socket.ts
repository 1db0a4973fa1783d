import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "#server/logger.ts";
import { type BackupSource, writeBackup } from "./backup.service.ts";

// Only the running server may open its PGlite directory (ADR 0045), so `npm run backup` asks it
// over a Unix socket in DATA_DIR to write the archive (ADR 0051). Whoever can reach the socket
// can read the data directory anyway; nothing else is offered on it.

export const backupSocketPath = (dataDir: string) => path.join(dataDir, "backup.sock");

/** Serves backup requests: one line with the target file, one line back ("ok {…}" or "fehler …"). */
export function listenForBackups(dataDir: string, source: BackupSource, logger: Logger): () => Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  // A socket file left by a killed server blocks listen(); nobody else answers on it.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let request = "";
    socket.setEncoding("utf8");
    socket.on("data", async (chunk) => {
      request += chunk;
      if (!request.includes("\n")) return;
      const file = request.trim();
      try {
        const manifest = await writeBackup(source, file);
        logger.info({ uploads: manifest.uploads }, "Sicherung geschrieben");
        socket.end(`ok ${JSON.stringify(manifest)}\n`);
      } catch (error) {
        logger.error({ err: error }, "Sicherung fehlgeschlagen");
        socket.end(`fehler ${error instanceof Error ? error.message : String(error)}\n`);
      }
    });
    socket.on("error", () => socket.destroy());
  });
  server.listen(socketPath);
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** Asks a running server for a backup; null when no server listens. */
export function requestBackupFromServer(dataDir: string, file: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${path.resolve(file)}\n`));
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer.trim()));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}
