import type { Env } from "./env.ts";
import type { HttpServer } from "./http-server.ts";
import type { Logger } from "./logger.ts";

/**
 * ADR 0047: what a request may still need after the AI call that bounds it (AI_TIMEOUT_MS):
 * the website reader (5 s), storing the image (10 s per S3 call), the database.
 */
const SHUTDOWN_MARGIN_MS = 15_000;

/** ADR 0076: after a network's answer the outcome is still to be written (a transaction, a mail). */
const RECORD_MARGIN_MS = 5_000;

/** How long the background work may finish: a network call in flight (NETWORK_TIMEOUT_MS) and recording its outcome. */
export function backgroundDrainMs(env: { networks: Pick<Env["networks"], "timeoutMs"> }): number {
  return env.networks.timeoutMs + RECORD_MARGIN_MS;
}

/** How long a shutdown waits: the longest AI call plus the margin, or the background drain if longer. */
export function shutdownGraceMs(env: Pick<Env, "ai"> & { networks: Pick<Env["networks"], "timeoutMs"> }): number {
  return Math.max((env.ai?.timeoutMs ?? 0) + SHUTDOWN_MARGIN_MS, backgroundDrainMs(env) + RECORD_MARGIN_MS);
}

type ShutdownOptions = {
  http: Pick<HttpServer, "drain" | "inFlight">;
  /** How long the requests in flight may take (shutdownGraceMs in start-server.ts). */
  graceMs: number;
  /** Stops the background sweeps and resolves when the run in progress has ended. */
  stopBackgroundWork: () => Promise<unknown>;
  closeDatabase: () => Promise<void>;
  logger: Logger;
  exit: (code: number) => void;
};

/**
 * ADR 0047: a deploy loses nothing. On the first signal: no new connections; idle keep-alive
 * sockets close at once, busy ones after their response; the requests in flight get the grace
 * period; the background sweeps stop; then the database closes and the process exits with 0.
 * A second signal or the end of the grace period exits at once with 1.
 */
export function createShutdown({ http, graceMs, stopBackgroundWork, closeDatabase, logger, exit }: ShutdownOptions) {
  let shuttingDown = false;
  return function shutDown(signal: string) {
    if (shuttingDown) {
      logger.error(
        { signal, openRequests: http.inFlight },
        "Zweites Signal beim Herunterfahren, breche offene Anfragen ab",
      );
      exit(1);
      return;
    }
    shuttingDown = true;
    const forceExit = setTimeout(() => {
      logger.error(
        { graceMs, openRequests: http.inFlight },
        "Frist zum Herunterfahren abgelaufen, breche offene Anfragen ab",
      );
      exit(1);
    }, graceMs);
    forceExit.unref?.();
    const backgroundWorkDone = stopBackgroundWork();
    const drained = http.drain();
    logger.info({ signal, graceMs, openRequests: http.inFlight }, "Fahre herunter");
    Promise.all([drained, backgroundWorkDone])
      .then(() => closeDatabase())
      .then(
        () => {
          clearTimeout(forceExit);
          logger.info("Beendet");
          exit(0);
        },
        (error: unknown) => {
          clearTimeout(forceExit);
          logger.error({ err: error }, "Datenbank beim Herunterfahren nicht sauber geschlossen");
          exit(1);
        },
      );
  };
}
