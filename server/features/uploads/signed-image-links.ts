import type { TokenBox } from "#server/token-crypto.ts";

// Links that open exactly one stored image until they expire (ADR 0097): Instagram fetches a
// post's image from a URL we hand it. The signature is an HMAC over the image's name and the
// expiry with a key derived from the token key (token-crypto.ts), so a link cannot be widened
// to another image or a later time, and rotating the token key ends every link.

export const SIGNED_IMAGES_PATH = "/uploads/signed";
const PURPOSE = "image-link";
/** Long enough for Meta to fetch the image while it makes the container; short enough to leak little. */
export const IMAGE_LINK_LIFETIME_MS = 60 * 60_000;

const messageOf = (name: string, expiresAt: number) => `${name}\n${expiresAt}`;

/** The absolute, signed URL of the image `name`, valid until `now` plus the lifetime. */
export function signedImageUrl(
  deps: { tokenBox: TokenBox; env: { BASE_URL: string } },
  name: string,
  now = new Date(),
): string {
  const expiresAt = Math.floor((now.getTime() + IMAGE_LINK_LIFETIME_MS) / 1000);
  const signature = deps.tokenBox.sign(PURPOSE, messageOf(name, expiresAt));
  return `${deps.env.BASE_URL}${SIGNED_IMAGES_PATH}/${expiresAt}/${signature}/${name}`;
}

export type ImageLinkCheck = "valid" | "expired" | "invalid";

/** A link is checked before its image is looked at: a forged one learns nothing, not even whether the image exists. */
export function checkImageLink(
  tokenBox: TokenBox,
  link: { name: string; expires: string; signature: string },
  now = new Date(),
): ImageLinkCheck {
  if (!/^\d{1,12}$/.test(link.expires)) return "invalid";
  const expiresAt = Number(link.expires);
  if (!tokenBox.verify(PURPOSE, messageOf(link.name, expiresAt), link.signature)) return "invalid";
  return expiresAt * 1000 <= now.getTime() ? "expired" : "valid";
}
