import type { Refusal } from "#server/api-error.ts";
import {
  detectImageType,
  exceedsPixelLimit,
  type ImageType,
  readImageSize,
} from "#server/integrations/storage/image-files.ts";
import { imageNameFromPublicUrl } from "#server/integrations/storage/image-storage.ts";
import type { Logger } from "#server/logger.ts";
import { GENERATOR_MESSAGES, IMAGE_MAX_BYTES } from "#shared/generator.ts";
import type { UploadedImage } from "./generate-body.ts";

// The uploaded image's checks before the charge (DESIGN.md "Uploads", ADR 0013, 0020). Type
// and size were already watched while the body arrived (ADR 0057); here the header decides.

export type CheckedImage = { bytes: Uint8Array; type: ImageType };

export type ImageRefusal = Refusal<400>;

function refuse(error: string): ImageRefusal {
  return { ok: false, status: 400, code: "INVALID_INPUT", error };
}

export async function checkImage(upload: UploadedImage): Promise<ImageRefusal | { ok: true; image: CheckedImage }> {
  const { bytes } = upload;
  if (bytes.length > IMAGE_MAX_BYTES) return refuse(GENERATOR_MESSAGES.imageTooLarge);
  // The bytes decide, not the data URL's media type: a GIF or an HTML file called .png is refused.
  const type = detectImageType(bytes);
  if (!type) return refuse(GENERATOR_MESSAGES.imageType);
  // Before the charge and before any decoding (ADR 0020): the header's size decides.
  const size = await readImageSize(bytes);
  if (!size) return refuse(GENERATOR_MESSAGES.imageType);
  if (exceedsPixelLimit(size)) return refuse(GENERATOR_MESSAGES.imageTooManyPixels);
  return { ok: true, image: { bytes, type } };
}

/** A stored image of a run that failed; a failure to remove it is only logged. */
export async function removeImage(
  storage: { remove(name: string): Promise<void> },
  imageUrl: string | null,
  log: Logger,
): Promise<void> {
  const name = imageNameFromPublicUrl(imageUrl);
  if (!name) return;
  await storage.remove(name).catch((error: unknown) => log.warn({ err: error }, "Bild konnte nicht entfernt werden"));
}
