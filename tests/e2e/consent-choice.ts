import type { Page } from "@playwright/test";
import { CONSENT_VERSION, REJECTED_CONSENT_SETTINGS } from "#shared/consent.ts";

// A visitor who already chose ("Ablehnen"), stored as spec section 3 describes it (key
// cookie-consent: version, settings, timestamp), so the cookie dialog of a first visit does
// not cover the page a test is about. Call before the first page.goto.
export async function storeConsentChoice(page: Page) {
  await page.addInitScript(
    ({ version, settings }) => {
      localStorage.setItem(
        "cookie-consent",
        JSON.stringify({ version, settings, timestamp: new Date().toISOString() }),
      );
    },
    { version: CONSENT_VERSION, settings: REJECTED_CONSENT_SETTINGS },
  );
}
