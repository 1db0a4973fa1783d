import path from "node:path";

/**
 * A start that cannot go on: its message is one German line that says what to do (ADR 0045).
 * `server/main.ts` and the scripts print only it, not a stack trace through PGlite's minified
 * source.
 */
export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}

// Emscripten's errno numbers (PGlite's `ErrnoError { errno }`) differ from Linux's.
const EMSCRIPTEN_ERRNO: Record<number, string> = { 2: "EACCES", 29: "EIO", 51: "ENOSPC", 63: "EPERM", 69: "EROFS" };
const READ_ONLY = new Set(["EACCES", "EPERM", "EROFS"]);

/** The system error code behind a failure of PGlite or of Node's fs, if there is one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown };
  if (typeof code === "string") return code;
  if (name === "ErrnoError" && typeof errno === "number") return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`;
  return undefined;
}

export function diskFull(where: string): DatabaseStartError {
  return new DatabaseStartError(
    `Kein Platz mehr auf dem Datenträger von ${where} (ENOSPC): geben Sie Platz frei oder vergrößern Sie den Datenträger und starten Sie Postwerk dann neu.`,
  );
}

/** Turns whatever opening the PGlite directory threw into one line for the operator. */
export function describeDatabaseStartError(error: unknown, dataDir: string): DatabaseStartError {
  if (error instanceof DatabaseStartError) return error;
  const code = errorCode(error);
  const failedPath = (error as { path?: unknown } | null)?.path;
  const where = typeof failedPath === "string" ? path.dirname(failedPath) : dataDir;
  if (code === "ENOSPC") return diskFull(where);
  if (code && READ_ONLY.has(code)) {
    return new DatabaseStartError(
      `Der Datenordner ${where} ist nicht beschreibbar (${code}): geben Sie dem Benutzer des Servers Schreibrechte darauf ` +
        "oder setzen Sie DATA_DIR auf einen beschreibbaren Ordner.",
    );
  }
  const detail = code ?? firstLine(error);
  return new DatabaseStartError(
    `Die Datenbank unter ${dataDir} ließ sich nicht öffnen (${detail}): prüfen Sie Schreibrechte und freien Platz ` +
      "des Ordners; ist er beschädigt, stellen Sie ihn aus einer Sicherung wieder her.",
  );
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split("\n")[0] ?? "";
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}
