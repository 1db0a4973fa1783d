import { Hono } from "hono";
import { answerError, NOT_FOUND_MESSAGE } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";

// GET /uploads/social-images/:name: the bucket, read-only (ADR 0013). Names are checked by
// the storage; files are served as images only, never sniffed into anything else. The file
// (or S3 object) is streamed from the storage, never held in memory.
export const socialImageRoutes = new Hono<AppEnv>().get("/:name", async (c) => {
  const file = await c.var.deps.imageStorage.open(c.req.param("name"));
  if (!file) return answerError(c, 404, "NOT_FOUND", NOT_FOUND_MESSAGE);
  return c.body(file.body, 200, {
    "Content-Type": file.contentType,
    ...(file.size === undefined ? {} : { "Content-Length": String(file.size) }),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
});
