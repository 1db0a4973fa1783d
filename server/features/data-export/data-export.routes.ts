import { Hono } from "hono";
import { ACCOUNT_DATA_TEXTS } from "#shared/account-data.ts";
import type { AppEnv } from "../../app-env.ts";
import { limitPerUser } from "../../rate-limit.ts";
import { requireSession } from "../../session.ts";
import { createDataExport, DATA_EXPORT_RATE_LIMIT, exportFileName } from "./data-export.service.ts";

// GET /api/data-export (issue 15): the signed-in account's data as a ZIP download. A GET, so
// the browser downloads it like any file; it changes nothing.
export const dataExportRoutes = new Hono<AppEnv>().get(
  "/",
  requireSession(),
  limitPerUser(DATA_EXPORT_RATE_LIMIT, ACCOUNT_DATA_TEXTS.exportTooOften),
  (c) => {
    c.var.logger.info({ userId: c.var.session.user.id }, "Datenexport gestartet");
    return c.body(createDataExport(c.var.deps, c.var.session.user.id), 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
    });
  },
);
