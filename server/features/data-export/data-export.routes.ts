import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { ADMISSION_RETRY_AFTER_SECONDS, type Release } from "#server/admission.ts";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { limitPerUser } from "#server/rate-limit.ts";
import { requireSession } from "#server/session.ts";
import {
  ACCOUNT_DATA_TEXTS,
  DATA_EXPORT_BUSY,
  DATA_EXPORT_FAILED,
  DATA_EXPORT_REFUSED_PARAM,
  DATA_EXPORT_TOO_OFTEN,
} from "#shared/account-data.ts";
import { ROUTES } from "#shared/routes.ts";
import {
  createDataExport,
  DATA_EXPORT_RATE_LIMIT,
  dataExportsInFlight,
  EXPORTS_KEY,
  exportFileName,
} from "./data-export.service.ts";

// The account page links here and the browser downloads the answer. A refusal (429, 401) is
// not a file: the browser would show its JSON as a page. So a navigation that is refused goes
// back to the account page, which says why in German (or, without a session, on to sign-in).
const backToAccountWhenRefused = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status < 400 || c.req.header("sec-fetch-mode") !== "navigate") return;
  const reason =
    c.res.status === 429 ? DATA_EXPORT_TOO_OFTEN : c.res.status === 503 ? DATA_EXPORT_BUSY : DATA_EXPORT_FAILED;
  c.res = c.redirect(`${ROUTES.account}?${DATA_EXPORT_REFUSED_PARAM}=${reason}`, 303);
});

type ExportSlot = { release: Release; handedToStream: boolean };

// ADR 0050: a large export keeps a core busy for seconds; at most DATA_EXPORTS_PER_SERVER run at
// once, so the others' requests stay fast. Checked before the rate limit: a busy server must not
// use up one of the account's five exports an hour.
const admitDataExport = createMiddleware<{ Variables: AppEnv["Variables"] & { exportSlot: ExportSlot } }>(
  async (c, next) => {
    const release = dataExportsInFlight.tryAcquire(EXPORTS_KEY);
    if (!release) {
      c.var.logger.warn({ userId: c.var.session?.user.id }, "Datenexport abgelehnt: Server ausgelastet");
      return answerError(c, 503, "SERVER_BUSY", ACCOUNT_DATA_TEXTS.exportBusy, {
        "Retry-After": String(ADMISSION_RETRY_AFTER_SECONDS),
      });
    }
    const slot: ExportSlot = { release, handedToStream: false };
    c.set("exportSlot", slot);
    try {
      await next();
    } finally {
      if (!slot.handedToStream) release();
    }
  },
);

// GET /api/data-export (ADR 0026): the signed-in account's data as a ZIP download. A GET, so
// the browser downloads it like any file; it changes nothing.
export const dataExportRoutes = new Hono<AppEnv>().get(
  "/",
  backToAccountWhenRefused,
  requireSession(),
  admitDataExport,
  limitPerUser(DATA_EXPORT_RATE_LIMIT, ACCOUNT_DATA_TEXTS.exportTooOften),
  (c) => {
    c.var.logger.info({ userId: c.var.session.user.id }, "Datenexport gestartet");
    // The place is held until the last byte is sent or the download is cancelled.
    c.var.exportSlot.handedToStream = true;
    return c.body(createDataExport(c.var.deps, c.var.session.user.id, c.var.exportSlot.release), 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
    });
  },
);
