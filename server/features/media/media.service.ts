import type { AppDeps } from "#server/app-env.ts";
import { mediaUploads } from "#server/db/schema/publishing.ts";
import {
  detectMediaType,
  exceedsPixelLimit,
  InvalidImageError,
  readImageSize,
  reencodeImage,
} from "#server/integrations/storage/image-files.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "#shared/media.ts";

// The composer's image upload (ADR 0086), by the rules of every upload (docs/design.md
// "Uploads", ADR 0013, 0020): the bytes decide the type, the header's size is checked before
// anything is decoded, sharp re-encodes the image (which drops EXIF, XMP, IPTC and whatever hides
// in the file) and the storage gives it a random name. The row in media_uploads makes it the
// user's: a post may carry only its user's own images.

export type MediaDeps = Pick<AppDeps, "db" | "imageStorage">;

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
