import { NetworkError, type PublishImage } from "#server/integrations/social/social-network.ts";

// Threads takes no image bytes: Meta fetches the image from a public URL (ADR 0098), the same
// signed, expiring link to this one upload that Instagram gets (ADR 0097). It is only reachable
// when the installation is public (`publicImages`).

export const NO_PUBLIC_IMAGE_ADDRESS =
  "Threads holt Bilder von einer öffentlichen Adresse ab. Diese Postwerk-Installation ist nicht öffentlich erreichbar (BASE_URL), darum nimmt Threads hier nur Text-Beiträge.";

/** The address Meta fetches `image` from, or a refusal the owner can read when there is none. */
export function threadsImageUrl(image: PublishImage, publicImages: boolean): string {
  if (!publicImages || !image.publicUrl)
    throw new NetworkError("threads", "rejected", { detail: NO_PUBLIC_IMAGE_ADDRESS, reason: "media-invalid" });
  return image.publicUrl;
}
