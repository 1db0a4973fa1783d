import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { checkReadiness } from "./health.service.ts";

export const healthRoutes = new Hono<AppEnv>()
  // Liveness: the process answers.
  .get("/healthz", (c) => c.json({ status: "ok" }))
  // Readiness: the database takes a write, so a load balancer only sends traffic that can be
  // served (ADR 0045); the reason is German for the operator reading the probe.
  .get("/readyz", async (c) => {
    const readiness = await checkReadiness(c.var.deps);
    if (readiness.ready) return c.json({ status: "ok" });
    c.var.logger.error({ reason: readiness.reason }, "Nicht bereit: Datenbank");
    return answerError(c, 503, "DATABASE_UNAVAILABLE", readiness.reason);
  });
