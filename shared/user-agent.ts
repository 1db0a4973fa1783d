import { parse } from "bowser";

// A device as people name it ("Chrome auf Windows"), for the device list on /konto and the
// new-sign-in mail (ADR 0044).

export type DeviceKind = "desktop" | "mobile" | "tablet" | "tv" | "unknown";

const OS_NAMES: Record<string, string> = { "Chrome OS": "ChromeOS" };

export function describeUserAgent(userAgent: string | null | undefined): { name: string; kind: DeviceKind } {
  // Bowser throws on an empty string; a request without a user agent is a possible session.
  const parsed = userAgent?.trim() ? parse(userAgent) : null;
  // Bowser answers "" for a name it does not know (curl, scripts).
  const browser = parsed?.browser.name || undefined;
  const os = parsed?.os.name ? (OS_NAMES[parsed.os.name] ?? parsed.os.name) : undefined;
  // OS versions are left out: browsers freeze them (Windows 11 says "10", every macOS "10.15").
  const name = browser && os ? `${browser} auf ${os}` : (browser ?? os ?? "Unbekanntes Gerät");
  const type = parsed?.platform.type;
  const kind: DeviceKind =
    type === "desktop" || type === "mobile" || type === "tablet" || type === "tv" ? type : "unknown";
  return { name, kind };
}
