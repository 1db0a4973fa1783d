import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Without BETTER_AUTH_SECRET (development, `npm start` on a fresh clone) a random secret is
// made once and kept in the data directory, so sessions survive a restart.
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
