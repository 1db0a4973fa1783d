import crypto from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_BASE_URL, E2E_DATA_DIR } from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { storeConsentChoice } from "./consent-choice.ts";

export { expect };

export function uniqueEmail(prefix = "nutzer"): string {
  return `${prefix}-${crypto.randomBytes(4).toString("hex")}@example.test`;
}

// Every test fails on a console error, so a broken page cannot pass quietly. The browser's
// own note on an expected 4xx answer (a wrong password, say) is not an error of the page.
const EXPECTED_CLIENT_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;

// Unless a test is about the cookie dialog (`test.use({ consentChosen: false })`), the visitor
// has already made a choice, so the dialog of a first visit does not cover the page.
export const test = base.extend<{ consentChosen: boolean; consoleErrors: string[] }>({
  consentChosen: [true, { option: true }],
  // Prerendered pages hydrate after their first paint (ADR 0016), after the load event that
  // goto and reload wait for. A test acts like a user who waits until the page responds.
  page: async ({ page }, use) => {
    const untilHydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilHydrated();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilHydrated();
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page, consentChosen }, use) => {
      if (consentChosen) await storeConsentChoice(page);
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !EXPECTED_CLIENT_ERROR.test(message.text())) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export async function confirmationLinkFor(email: string): Promise<string> {
  const mail = await waitForMail(E2E_DATA_DIR, email, (m) => m.subject === "Bitte bestätigen Sie Ihre E-Mail-Adresse");
  const link = mail.links[0];
  if (!link) throw new Error(`Kein Link in der Mail an ${email}`);
  return link;
}

// A confirmed account, made through the API as a browser would, then signed in on `page`
// by following the confirmation link.
export async function signUpConfirmed(page: Page, email = uniqueEmail(), password = "Laterne-Zimt-42") {
  const response = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: E2E_BASE_URL },
    data: { email, password, name: email.split("@")[0], callbackURL: "/auth/email-confirm-success" },
  });
  expect(response.ok()).toBe(true);
  await page.goto(await confirmationLinkFor(email));
  await expect(page.getByRole("heading", { name: "E-Mail-Adresse bestätigt" })).toBeVisible();
  return { email, password };
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByText("Erfolgreich eingeloggt!")).toBeVisible();
}

/** The admin of ADMIN_EMAILS, signed in on `page`; the first test that needs them signs them up. */
export async function signInAsAdmin(page: Page, password = "Laterne-Zimt-42") {
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: E2E_BASE_URL },
    data: { email: E2E_ADMIN_EMAIL, password },
  });
  if (!signIn.ok()) await signUpConfirmed(page, E2E_ADMIN_EMAIL, password);
}
