import { Hono } from "hono";
import { answerError, NOT_FOUND_MESSAGE } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { checkImageLink } from "./signed-image-links.ts";

// GET /uploads/social-images/:name: the bucket, read-only (ADR 0013). Names are checked by
// the storage; files are served as images only, never sniffed into anything else. The file
// (or S3 object) is streamed from the storage, never held in memory.
export const socialImageRoutes = new Hono<AppEnv>().get("/:name", async (c) => {
  const file = await c.var.deps.imageStorage.open(c.req.param("name"));
  if (!file) return answerError(c, 404, "NOT_FOUND", NOT_FOUND_MESSAGE);
  return c.body(file.body, 200, imageHeaders(file, "public, max-age=31536000, immutable", "same-origin"));
});

/**
 * GET /uploads/signed/:expires/:signature/:name (ADR 0097): the one image a signed link names,
 * for Meta's servers to fetch, until the link expires (410 after); a link whose signature does
 * not fit its name and expiry opens nothing (404).
 */
export const signedImageRoutes = new Hono<AppEnv>().get("/:expires/:signature/:name", async (c) => {
  const { expires, signature, name } = c.req.param();
  const check = checkImageLink(c.var.deps.tokenBox, { name, expires, signature });
  if (check === "expired") return answerError(c, 410, "IMAGE_LINK_EXPIRED", "Dieser Bildlink ist abgelaufen.");
  const file = check === "valid" ? await c.var.deps.imageStorage.open(name) : null;
  if (!file) return answerError(c, 404, "NOT_FOUND", NOT_FOUND_MESSAGE);
  return c.body(file.body, 200, imageHeaders(file, "private, no-store", "cross-origin"));
});

function imageHeaders(
  file: { contentType: string; size: number | undefined },
  cacheControl: string,
  resourcePolicy: "same-origin" | "cross-origin",
) {
  return {
    "Content-Type": file.contentType,
    ...(file.size === undefined ? {} : { "Content-Length": String(file.size) }),
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": resourcePolicy,
  };
}
