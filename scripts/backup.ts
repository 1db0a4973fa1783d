// Writes a consistent backup of this installation (ADR 0051):
//   npm run backup [-- datei.zip | ordner/]
// With a running server on PGlite the server writes it; otherwise this script opens the data itself.
import path from "node:path";
import { connectDatabase } from "#server/bootstrap.ts";
import { readEnv } from "#server/env.ts";
import { resolveBackupFile, writeBackup } from "#server/features/backup/backup.service.ts";
import { requestBackupFromServer } from "#server/features/backup/backup-socket.ts";

const env = readEnv();
const file = await resolveBackupFile(process.argv[2], new Date());
const uploadsDir = path.join(env.DATA_DIR, "uploads");

if (env.DATABASE_URL) {
  const manifest = await writeBackup({ dumpDatabase: null, uploadsDir }, file);
  console.log(`✓ ${file}: ${manifest.uploads} Bilder.`);
  console.log("  Die Datenbank liegt auf PostgreSQL: sichern Sie sie mit pg_dump (siehe README, Sicherung).");
  process.exit(0);
}

const answer = await requestBackupFromServer(env.DATA_DIR, file);
if (answer !== null) {
  if (!answer.startsWith("ok ")) {
    console.error(`✗ Der laufende Server konnte die Sicherung nicht schreiben: ${answer.replace(/^fehler /, "")}`);
    process.exit(1);
  }
  const manifest = JSON.parse(answer.slice(3));
  console.log(`✓ ${file} (vom laufenden Server): Datenbank und ${manifest.uploads} Bilder.`);
  process.exit(0);
}

const database = await connectDatabase(env);
try {
  const manifest = await writeBackup({ dumpDatabase: database.dumpDataDir ?? null, uploadsDir }, file);
  console.log(`✓ ${file}: Datenbank und ${manifest.uploads} Bilder.`);
} finally {
  await database.close();
}
