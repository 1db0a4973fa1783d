import path from "node:path";
import { z } from "zod";

// The one place that reads process.env (DESIGN.md, import rule 4). Everything
// else receives the parsed, typed Env.
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const commaSeparatedEmails = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    BASE_URL: z.url().optional(),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalString,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BETTER_AUTH_SECRET: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default("Postwerk <no-reply@postwerk.local>"),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    // Overridable so tests can point Google sign-in at a local OpenID Connect fake.
    GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
    ADMIN_EMAILS: commaSeparatedEmails,
    TRUST_PROXY: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    // Turns off Better Auth's rate limiting for suites that sign in many users from one address.
    AUTH_RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  })
  .transform((env) => ({
    ...env,
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    DATA_DIR: path.resolve(env.DATA_DIR),
    googleSignInEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  }));

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Ungültige Konfiguration in den Umgebungsvariablen:\n${problems}`);
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.BETTER_AUTH_SECRET) {
    throw new Error("BETTER_AUTH_SECRET muss in Produktion gesetzt sein (mindestens 32 Zeichen).");
  }
  return parsed.data;
}
