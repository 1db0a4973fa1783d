import { NetworkError, type PublishImage } from "#server/integrations/social/social-network.ts";

// Threads takes no image bytes: Meta fetches the image from a public URL (ADR 0098). For now that
// is the image's own address under a public BASE_URL (`imageBase`); Instagram's signed, expiring
// one-upload URL is meant to replace this one function, for Threads too.

export const NO_PUBLIC_IMAGE_ADDRESS =
  "Threads holt Bilder von einer öffentlichen Adresse ab. Diese Postwerk-Installation ist nicht öffentlich erreichbar (BASE_URL), darum nimmt Threads hier nur Text-Beiträge.";

/** The address Meta fetches `image` from, or a refusal the owner can read when there is none. */
export function threadsImageUrl(image: PublishImage, imageBase: string | null): string {
  if (!imageBase || !image.path?.startsWith("/"))
    throw new NetworkError("threads", "rejected", { detail: NO_PUBLIC_IMAGE_ADDRESS, reason: "media-invalid" });
  return `${imageBase}${image.path}`;
}
