import { Hono } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { isDatabaseReachable } from "./health.service.ts";

export const healthRoutes = new Hono<AppEnv>()
  // Liveness: the process answers.
  .get("/healthz", (c) => c.json({ status: "ok" }))
  // Readiness: the database answers too, so a load balancer only sends traffic that can be served.
  .get("/readyz", async (c) => {
    if (await isDatabaseReachable(c.var.deps.db)) return c.json({ status: "ok" });
    c.var.logger.error("Datenbank nicht erreichbar");
    return c.json({ status: "unavailable" }, 503);
  });
