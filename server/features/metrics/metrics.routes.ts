import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import { requireSession } from "#server/session.ts";
import { METRICS_MESSAGES } from "#shared/metrics.ts";
import { erfolgReport, metricPosts, postMetrics } from "./metrics.service.ts";
import { metricsCsv } from "./metrics-csv.ts";

// /api/metrics (ADR 0106): one post's figures for the post dialog, the Erfolg page's report and
// its CSV. Reads only the signed-in user's rows.
export const metricsRoutes = new Hono<AppEnv>()
  .get("/posts/:id", requireSession(), async (c) => {
    const view = await postMetrics(c.var.deps, c.var.session.user.id, c.req.param("id"));
    if (!view) return answerError(c, 404, "POST_NOT_FOUND", METRICS_MESSAGES.notFound);
    return c.json(view, 200);
  })
  .get("/report", requireSession(), async (c) => c.json(await erfolgReport(c.var.deps.db, c.var.session.user.id), 200))
  .get("/export.csv", requireSession(), async (c) => {
    const userId = c.var.session.user.id;
    const [posts, timeZone] = await Promise.all([
      metricPosts(c.var.deps.db, userId),
      userTimeZone(c.var.deps.db, userId),
    ]);
    return c.body(metricsCsv(posts, timeZone), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="postwerk-erfolg.csv"',
      "Cache-Control": "no-store",
    });
  });
