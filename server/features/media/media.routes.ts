import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { requireSession } from "#server/session.ts";
import { MEDIA_FILE_FIELD, MEDIA_MESSAGES } from "#shared/media.ts";
import { storeMedia } from "./media.service.ts";

// POST /api/media (ADR 0086): one image from the composer as multipart/form-data, answered with
// the URL a post then names. The body's size is bounded before it is read (body-limits.ts).
export const mediaRoutes = new Hono<AppEnv>().post("/", requireSession(), async (c) => {
  let file: unknown;
  try {
    file = (await c.req.formData()).get(MEDIA_FILE_FIELD);
  } catch {
    return answerError(c, 400, "INVALID_INPUT", MEDIA_MESSAGES.noFile);
  }
  if (!(file instanceof File)) return answerError(c, 400, "INVALID_INPUT", MEDIA_MESSAGES.noFile);
  const stored = await storeMedia(c.var.deps, c.var.session.user.id, new Uint8Array(await file.arrayBuffer()));
  if (!stored.ok) return answerError(c, 400, "INVALID_INPUT", stored.error);
  return c.json({ url: stored.url }, 201);
});
