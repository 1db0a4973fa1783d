// Restores a backup into an empty DATA_DIR (ADR 0051):  npm run restore -- datei.zip

import { loadPgliteDump } from "#server/db/client.ts";
import { readEnv } from "#server/env.ts";
import { RestoreRefused, restoreBackup } from "#server/features/backup/backup.service.ts";

const file = process.argv[2];
if (!file) {
  console.error("Bitte die Sicherungsdatei angeben: npm run restore -- backups/postwerk-….zip");
  process.exit(2);
}
const env = readEnv();
try {
  const manifest = await restoreBackup(file, env.DATA_DIR, loadPgliteDump);
  console.log(
    `✓ ${file} nach ${env.DATA_DIR} zurückgespielt (Sicherung vom ${manifest.createdAt}, ${manifest.uploads} Bilder).`,
  );
  if (manifest.database === "none")
    console.log("  Die Datenbank (PostgreSQL) spielen Sie mit pg_restore bzw. psql zurück.");
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
