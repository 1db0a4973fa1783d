import pino from "pino";
import type { Env } from "./env.ts";

export type Logger = pino.Logger;

export function createLogger(env: Pick<Env, "NODE_ENV" | "LOG_LEVEL">): Logger {
  return pino({
    level: env.LOG_LEVEL,
    // Never let credentials reach the log, whatever object a caller passes.
    redact: {
      paths: [
        "password",
        "*.password",
        "newPassword",
        "*.newPassword",
        "currentPassword",
        "token",
        "*.token",
        "apiKey",
        "*.apiKey",
        "req.headers.cookie",
        "req.headers.authorization",
      ],
      censor: "[entfernt]",
    },
    transport:
      env.NODE_ENV === "development"
        ? { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } }
        : undefined,
  });
}

// Logs name a person without spelling out the address: "an***@example.com".
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}***@${domain}`;
}
