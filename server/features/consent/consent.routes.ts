import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { getClientIp } from "#server/client-ip.ts";
import { limitPerIp } from "#server/rate-limit.ts";
import { validateJson, validateQuery } from "#server/validation.ts";
import { CONSENT_ERRORS, ConsentHistoryQuerySchema, SaveConsentSchema } from "#shared/consent.schemas.ts";
import {
  CONSENT_SAVE_RATE_LIMIT,
  listConsentHistory,
  listCookieDefinitions,
  recordConsent,
} from "./consent.service.ts";

// /api/consent (spec sections 2-4 "Consent" and 7, ADR 0010). Public: a visitor needs no
// account to choose, but a signed-in user's choices are recorded under their account.
export const consentRoutes = new Hono<AppEnv>()
  .get("/definitions", async (c) => {
    return c.json(await listCookieDefinitions(c.var.deps.db), 200);
  })
  .get("/history", validateQuery(ConsentHistoryQuerySchema, CONSENT_ERRORS.invalidVisitor), async (c) => {
    c.header("Cache-Control", "no-store");
    const history = await listConsentHistory(c.var.deps.db, {
      userId: c.var.session?.user.id ?? null,
      visitorId: c.req.valid("query").visitorId,
    });
    return c.json(history, 200);
  })
  .post(
    "/",
    limitPerIp(CONSENT_SAVE_RATE_LIMIT),
    validateJson(SaveConsentSchema, CONSENT_ERRORS.unreadable),
    async (c) => {
      const { version, visitorId, ...settings } = c.req.valid("json");
      // ADR 0010: the address as our server sees it, never from an IP-lookup service.
      const entry = await recordConsent(c.var.deps.db, {
        settings,
        version,
        visitorId,
        userId: c.var.session?.user.id ?? null,
        ipAddress: getClientIp(c, c.var.deps.env.TRUST_PROXY),
      });
      return c.json(entry, 201);
    },
  );
