// Makes existing users admins: npm run admin:grant -- anna@example.de [weitere@example.de]
// With the embedded database (PGlite) stop the server first: only one process may open it, and
// the lock on the data directory refuses this script while the server runs (ADR 0045).
import { connectDatabase } from "#server/bootstrap.ts";
import { DatabaseStartError } from "#server/db/start-errors.ts";
import { readEnv } from "#server/env.ts";
import { grantAdminByEmail } from "#server/features/profile/profile.service.ts";

const emails = process.argv
  .slice(2)
  .map((email) => email.trim().toLowerCase())
  .filter(Boolean);
if (emails.length === 0) {
  console.error("Bitte E-Mail-Adressen angeben: npm run admin:grant -- anna@example.de");
  process.exit(2);
}
const database = await connectDatabase(readEnv()).catch((error: unknown) => {
  if (!(error instanceof DatabaseStartError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const granted = await grantAdminByEmail(database.db, emails);
await database.close();
for (const email of emails) {
  console.log(granted.includes(email) ? `✓ ${email} ist jetzt Admin.` : `✗ Kein Konto mit ${email} gefunden.`);
}
process.exit(granted.length === emails.length ? 0 : 1);
