import crypto from "node:crypto";
import { type APIRequest, type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { toSiteSettingsForm } from "#shared/site-settings.schemas.ts";
import type { SiteSettings } from "#shared/site-settings.ts";
import {
  BLUESKY_FAKE_URL,
  E2E_ADMIN_EMAIL,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  GOOGLE_FAKE_PORT,
  LINKEDIN_FAKE_URL,
  X_FAKE_URL,
} from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { storeConsentChoice } from "./consent-choice.ts";

export { expect };

export function uniqueEmail(prefix = "nutzer"): string {
  return `${prefix}-${crypto.randomBytes(4).toString("hex")}@example.test`;
}

// Every test fails on a console error, so a broken page cannot pass quietly. The browser's
// own note on an expected 4xx answer (a wrong password, say) is not an error of the page.
const EXPECTED_CLIENT_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;

type Account = { email: string; password: string };
type EditableSiteSettings = SiteSettings & { updatedAt: string };

// Unless a test is about the cookie dialog (`test.use({ consentChosen: false })`), the visitor
// has already made a choice, so the dialog of a first visit does not cover the page.
export const test = base.extend<
  {
    consentChosen: boolean;
    consoleErrors: string[];
    networkFakesWithoutFaults: undefined;
    clipboard: { readText: () => Promise<string> };
    admin: Account;
    siteSettings: EditableSiteSettings;
  },
  { adminAccount: Account }
>({
  // The admin of ADMIN_EMAILS, confirmed, whichever spec runs first: made by the first worker
  // that needs them, found by every later one.
  adminAccount: [
    async ({ playwright }, use) => {
      const account = { email: E2E_ADMIN_EMAIL, password: "Laterne-Zimt-42" };
      const request = await apiContext(playwright.request);
      await ensureConfirmedAccount(request, account);
      await request.dispose();
      await use(account);
    },
    { scope: "worker" },
  ],
  /** The admin, signed in on `page`. */
  admin: async ({ page, adminAccount }, use) => {
    const signIn = await signInThroughApi(page.request, adminAccount);
    expect(signIn.ok(), "Anmeldung des Admins").toBe(true);
    await use(adminAccount);
  },
  // The site settings as the test found them; afterwards they are saved back, also when the
  // test failed half-way, so no later test sees another site title. The admin's own request
  // context does it, so a test that signs its page out changes nothing here.
  siteSettings: async ({ playwright, adminAccount }, use) => {
    const request = await apiContext(playwright.request);
    expect((await signInThroughApi(request, adminAccount)).ok()).toBe(true);
    const found = await readSiteSettings(request);
    await use(found);
    const current = await readSiteSettings(request);
    const restored = await request.put("/api/admin/site-settings", {
      data: { ...toSiteSettingsForm(found), updatedAt: current.updatedAt },
    });
    expect(restored.ok(), "Seiteneinstellungen zurückgesetzt").toBe(true);
    await request.dispose();
  },
  consentChosen: [true, { option: true }],
  /** The clipboard the page's copy buttons write to, allowed for the test and read back as a paste would. */
  clipboard: async ({ context, page }, use) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await use({ readText: () => page.evaluate(() => navigator.clipboard.readText()) });
  },
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
  // A fault a test set on a network's fake and did not use up would hit the next test.
  networkFakesWithoutFaults: [
    async ({ playwright }, use) => {
      await use(undefined);
      const request = await playwright.request.newContext();
      for (const url of [X_FAKE_URL, LINKEDIN_FAKE_URL, BLUESKY_FAKE_URL]) await request.delete(`${url}/__fake/faults`);
      await request.dispose();
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

/** A new confirmed account on the optimizer's page, whose tool loads only for a signed-in user (ADR 0032). */
export async function signUpAndOpenOptimizer(page: Page) {
  const account = await signUpConfirmed(page);
  await page.goto("/xposter-evaluator");
  return account;
}

/**
 * A free user asks the optimizer's AI (`action` names its button) about the editor's text: the
 * upsell's „7 Tage gratis testen“ starts the Premium trial, then the button asks again. Returns
 * the box with the AI's suggestion.
 */
export async function askAiInPremiumTrial(page: Page, action: "Grammatik prüfen" | "Mit KI verbessern") {
  await page.getByRole("button", { name: action }).click();
  await expect(page.getByText("KI-Korrektur und KI-Optimierung gehören zu Premium.")).toBeVisible();
  await page.getByRole("button", { name: "7 Tage gratis testen" }).last().click();
  await expect(page.getByText(/Dein 7-Tage-Test läuft bis \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
  await expect(page.getByText(/Dein kostenloser Premium-Test läuft bis/)).toBeVisible();
  await page.getByRole("button", { name: action }).click();
  return page.getByTestId("ai-suggestion");
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByText("Erfolgreich eingeloggt!")).toBeVisible();
}

/** Google sign-in through the OpenID Connect fake, which hands out the next account it is told of. */
export async function signInWithGoogle(page: Page, email: string) {
  await page.request.post(`http://127.0.0.1:${GOOGLE_FAKE_PORT}/__next-user`, {
    data: { sub: `sub-${email}`, email, name: "Gabi Google" },
  });
  await page.goto("/auth");
  await page.getByRole("button", { name: "Mit Google anmelden" }).click();
}

/** A request context of its own, sending our Origin like the browser does. */
function apiContext(api: APIRequest) {
  return api.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { origin: E2E_BASE_URL } });
}

function signInThroughApi(request: APIRequestContext, { email, password }: Account) {
  return request.post("/api/auth/sign-in/email", { headers: { origin: E2E_BASE_URL }, data: { email, password } });
}

// Signs up and confirms the account unless it can sign in already. An account a broken run left
// unconfirmed gets a new confirmation mail.
async function ensureConfirmedAccount(request: APIRequestContext, account: Account) {
  if ((await signInThroughApi(request, account)).ok()) return;
  const callbackURL = "/auth/email-confirm-success";
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { ...account, name: account.email.split("@")[0], callbackURL },
  });
  if (!signUp.ok()) {
    const resent = await request.post("/api/auth/send-verification-email", {
      data: { email: account.email, callbackURL },
    });
    expect(resent.ok(), "neue Bestätigungs-Mail").toBe(true);
  }
  expect((await request.get(await confirmationLinkFor(account.email))).ok()).toBe(true);
  expect((await signInThroughApi(request, account)).ok(), `Anmeldung von ${account.email}`).toBe(true);
}

async function readSiteSettings(request: APIRequestContext): Promise<EditableSiteSettings> {
  const response = await request.get("/api/admin/site-settings");
  expect(response.ok(), "Seiteneinstellungen lesen").toBe(true);
  return response.json();
}
