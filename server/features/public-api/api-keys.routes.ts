import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { requireSession } from "#server/session.ts";
import { validateJson } from "#server/validation.ts";
import { CreateApiKeySchema } from "#shared/public-api.schemas.ts";
import { PUBLIC_API_ERRORS } from "#shared/public-api.ts";
import { createApiKey, listApiActivity, listApiKeys, revokeApiKey } from "./api-keys.service.ts";
import { answerPublicApiRefusal } from "./public-api-refusal.ts";

// /api/api-keys (ADR 0107): the signed-in user's personal API keys on /konto — list with the
// key's API activity, create (the key is in this one answer only), revoke.
export const apiKeyRoutes = new Hono<AppEnv>()
  .onError(answerPublicApiRefusal)
  .get("/", requireSession(), async (c) => {
    const userId = c.var.session.user.id;
    const [keys, activity] = await Promise.all([
      listApiKeys(c.var.deps.db, userId),
      listApiActivity(c.var.deps.db, userId),
    ]);
    return c.json({ keys, activity }, 200);
  })
  .post("/", requireSession(), validateJson(CreateApiKeySchema, PUBLIC_API_ERRORS.INVALID_INPUT), async (c) => {
    return c.json(await createApiKey(c.var.deps.db, c.var.session.user.id, c.req.valid("json")), 201);
  })
  .post("/:id/revoke", requireSession(), async (c) => {
    return c.json({ apiKey: await revokeApiKey(c.var.deps.db, c.var.session.user.id, c.req.param("id")) }, 200);
  });
