import { and, eq, lt, notExists, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { drafts } from "#server/db/schema/drafts.ts";
import { mediaUploads, publications } from "#server/db/schema/publishing.ts";
import {
  detectMediaType,
  exceedsPixelLimit,
  InvalidImageError,
  readImageSize,
  reencodeImage,
} from "#server/integrations/storage/image-files.ts";
import { imageNameFromPublicUrl } from "#server/integrations/storage/image-storage.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "#shared/media.ts";

// The composer's image upload (ADR 0086), by the rules of every upload (docs/design.md
// "Uploads", ADR 0013, 0020): the bytes decide the type, the header's size is checked before
// anything is decoded, sharp re-encodes the image (which drops EXIF, XMP, IPTC and whatever hides
// in the file) and the storage gives it a random name. The row in media_uploads makes it the
// user's: a post may carry only its user's own images.

export type MediaDeps = Pick<AppDeps, "db" | "imageStorage">;

/**
 * An upload no post and no draft names is removed after this long (ADR 0086, run by the daily
 * retention, ADR 0026): a day leaves a composer that is still open all the time it needs, and an
 * autosaved draft keeps its image as long as the draft lives.
 */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60 * 1000;

export type MediaOutcome = { ok: true; url: string } | { ok: false; error: string };

export async function storeMedia(deps: MediaDeps, userId: string, bytes: Uint8Array): Promise<MediaOutcome> {
  if (bytes.length === 0) return { ok: false, error: MEDIA_MESSAGES.noFile };
  if (bytes.length > MEDIA_MAX_BYTES) return { ok: false, error: MEDIA_MESSAGES.tooLarge };
  const type = detectMediaType(bytes);
  if (!type) return { ok: false, error: MEDIA_MESSAGES.type };
  const size = await readImageSize(bytes);
  if (!size) return { ok: false, error: MEDIA_MESSAGES.unreadable };
  if (exceedsPixelLimit(size)) return { ok: false, error: GENERATOR_MESSAGES.imageTooManyPixels };
  let clean: Uint8Array;
  try {
    clean = await reencodeImage(bytes, type);
  } catch (error) {
    if (error instanceof InvalidImageError) return { ok: false, error: MEDIA_MESSAGES.unreadable };
    throw error;
  }
  const { publicUrl } = await deps.imageStorage.save(clean, type);
  await deps.db.insert(mediaUploads).values({ userId, url: publicUrl });
  return { ok: true, url: publicUrl };
}

/**
 * Deletes the uploads older than UNUSED_UPLOAD_MS that no post and no draft names, row first and
 * then the file: one DELETE checks "unused" and removes the row at once, so a post written
 * meanwhile either still finds its upload or is refused as naming an image that is not the user's
 * (never a post whose file is gone). A file whose removal fails is logged and stays behind.
 */
export async function removeUnusedUploads(
  deps: MediaDeps & Pick<AppDeps, "logger">,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_UPLOAD_MS);
  const removed = await deps.db
    .delete(mediaUploads)
    .where(
      and(
        lt(mediaUploads.createdAt, before),
        notExists(
          deps.db.select({ id: publications.id }).from(publications).where(eq(publications.imageUrl, mediaUploads.url)),
        ),
        notExists(
          deps.db
            .select({ id: drafts.id })
            .from(drafts)
            .where(sql`${drafts.content} -> 'image' ->> 'url' = ${mediaUploads.url}`),
        ),
      ),
    )
    .returning({ url: mediaUploads.url });
  for (const { url } of removed) {
    const name = imageNameFromPublicUrl(url);
    if (!name) continue;
    try {
      await deps.imageStorage.remove(name);
    } catch (error) {
      deps.logger.warn({ err: error, name }, "Ungenutzter Upload: Datei konnte nicht gelöscht werden");
    }
  }
  return removed.length;
}
