import type { NetworkId } from "./networks.ts";

// The composer's own images (ADR 0086): uploaded to POST /api/media, re-encoded on the server,
// sent with a post together with their description (alt text). No dependencies: the composer
// reads these limits before it loads zod.

/** What the file picker offers and the server accepts (the bytes decide, not the name). */
export const MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const MEDIA_MAX_MEGABYTES = 10;
export const MEDIA_MAX_BYTES = MEDIA_MAX_MEGABYTES * 1024 * 1024;

/**
 * An image's description: X takes at most 1,000 characters, Bluesky 2,000, LinkedIn has no
 * documented limit; the smallest one applies to every network.
 */
export const IMAGE_ALT_MAX = 1000;

/** The form field of POST /api/media that carries the file. */
export const MEDIA_FILE_FIELD = "file";

export const MEDIA_MESSAGES = {
  noFile: "Bitte wählen Sie ein Bild aus.",
  type: "Nur JPEG-, PNG-, WEBP- und GIF-Bilder sind erlaubt.",
  tooLarge: `Das Bild muss kleiner als ${MEDIA_MAX_MEGABYTES} MB sein.`,
  unreadable: "Das Bild konnte nicht gelesen werden. Bitte wählen Sie eine andere Datei.",
  altTooLong: `Die Bildbeschreibung darf höchstens ${IMAGE_ALT_MAX} Zeichen lang sein.`,
  altMissing: "Ohne Bildbeschreibung erfahren Menschen mit Screenreader nicht, was das Bild zeigt.",
  imageNotFound: "Dieses Bild gibt es nicht (mehr). Bitte laden Sie es noch einmal hoch.",
} as const;

/**
 * How a network shows a single image in the feed (width / height): the composer's preview crops
 * to this, as the network would.
 */
export const IMAGE_PREVIEW_ASPECT: Record<NetworkId, number> = {
  x: 16 / 9,
  linkedin: 1.91,
  bluesky: 4 / 3,
  facebook: 1.91,
  // Instagram's feed shows a square (ADR 0097).
  instagram: 1,
  // Threads shows a single image at its own ratio up to 4:5 upright; 1:1 is what most images look like there.
  threads: 1,
  mastodon: 16 / 9,
};
