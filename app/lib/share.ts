import { SHARE_POPUP } from "#shared/timing.ts";

// Spec section 7: share links open in a 600x400 popup with the text prefilled.
export function openSharePopup(url: string): void {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - SHARE_POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - SHARE_POPUP.height) / 2));
  window.open(
    url,
    "postwerk-share",
    `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top},noopener,noreferrer`,
  );
}

export function xIntentUrl(text: string): string {
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}`;
}

/**
 * LinkedIn's composer with the text filled in. `sharing/share-offsite` takes only a `url` and
 * drops any text, so the generator's suggestion would arrive empty (ADR 0061).
 */
export function linkedInShareUrl(text: string): string {
  return `https://www.linkedin.com/feed/?shareActive=true&text=${encodeURIComponent(text)}`;
}
