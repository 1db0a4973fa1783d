import type { Page } from "@playwright/test";
import { BILLING_MESSAGES } from "#shared/billing.ts";
import { E2E_BASE_URL, E2E_DATA_DIR, STRIPE_FAKE_PORT } from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { expect, signUpAndOpenOptimizer, signUpConfirmed, test } from "./fixtures.ts";
import { unlockViaApi } from "./generator-api.ts";

// Buying, using and managing the plans (ADR 0023) against the Stripe fake of
// playwright.config.ts: its hosted Checkout takes any payment, redirects back and sends the
// signed webhooks a moment later, as Stripe does.

const STRIPE_PAGES = new RegExp(`^http://127\\.0\\.0\\.1:${STRIPE_FAKE_PORT}/`);
const DATE = /\d{2}\.\d{2}\.\d{4}/;

async function payInCheckout(page: Page, company?: { name: string; vatId: string }) {
  await expect(page).toHaveURL(STRIPE_PAGES);
  await expect(page.getByRole("heading", { name: "Testzahlung" })).toBeVisible();
  if (company) {
    await page.getByLabel("Firmenname").fill(company.name);
    await page.getByLabel("USt-IdNr.").fill(company.vatId);
  }
  await page.getByRole("button", { name: "Bezahlen" }).click();
  await expect(page).toHaveURL(/\/konto$/);
}

const planBadge = (page: Page, plan: "Pro" | "Premium") => page.getByRole("banner").getByTitle(`Ihr Plan: ${plan}`);

test("a signed-out visitor books Pro on /preise, signs in, pays and has Pro at once: header, /konto, a free generation, the portal", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUpConfirmed(page);
  await page.context().clearCookies();
  await page.goto("/preise");
  await page.getByRole("button", { name: "Pro buchen" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  // The return URL opens /auth in sign-up mode (spec section 2); this customer signs in.
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(/\/konto\?plan=generator_pro$/);

  await page.getByRole("button", { name: "Pro buchen – 24,99 €/Monat" }).click();
  await payInCheckout(page, { name: "Bäckerei Sonnenschein GmbH", vatId: "DE123456789" });

  // Active before Stripe's webhook has arrived: read from the Checkout session on return.
  await expect(page.getByText("Vielen Dank! Beitragsgenerator Pro ist jetzt aktiv.")).toBeVisible();
  const generatorPlan = page.getByRole("region", { name: "Beitragsgenerator Pro" });
  await expect(generatorPlan.getByText("Pro", { exact: true })).toBeVisible();
  await expect(generatorPlan.getByText("Läuft bis")).toBeVisible();
  await expect(generatorPlan.getByText(DATE)).toBeVisible();
  await expect(generatorPlan.getByText("100 von 100 übrig")).toBeVisible();
  await expect(planBadge(page, "Pro")).toBeVisible();
  await expect(page.getByText("Bäckerei Sonnenschein GmbH")).toBeVisible();
  await expect(page.getByText("USt-IdNr.: DE123456789")).toBeVisible();
  const mail = await waitForMail(E2E_DATA_DIR, email, (m) => m.subject === "Ihr Plan Beitragsgenerator Pro ist aktiv");
  expect(mail.text).toMatch(DATE);

  // A generation costs no credit; it counts against Pro's allowance.
  await unlockViaApi(page);
  await page.goto("/erstellen");
  await page.getByLabel("Text oder Stichwörter").fill("Zimtschnecken am Samstag");
  await page.getByRole("button", { name: "Beiträge generieren" }).click();
  await expect(page.getByRole("button", { name: "Kopieren" })).toHaveCount(3);
  // The header counts the runs left, as /konto does (ADR 0061); the credits stay untouched.
  await expect(page.getByLabel("Durchläufe: 99 von 100 übrig")).toBeVisible();
  await page.goto("/konto");
  await expect(generatorPlan.getByText("99 von 100 übrig")).toBeVisible();

  // "Abonnement verwalten" opens Stripe's portal; a cancellation there shows on return.
  await page.getByRole("button", { name: "Abonnement verwalten" }).click();
  await expect(page.getByRole("heading", { name: "Kundenportal" })).toBeVisible();
  await page.getByRole("button", { name: "Abo kündigen" }).click();
  await expect(page.getByText("(endet zum Periodenende)")).toBeVisible();
  await page.getByRole("link", { name: "Zurück zu Postwerk" }).click();
  await expect(page).toHaveURL(/\/konto$/);
  await expect(generatorPlan.getByText("Gekündigt, endet am")).toBeVisible();
  await expect(planBadge(page, "Pro")).toBeVisible();
});

test("Premium bought from the optimizer unlocks its AI without a trial; § 312k cancels it signed in", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email } = await signUpAndOpenOptimizer(page);
  const editor = page.getByRole("textbox", { name: "Dein Post" });
  await editor.fill("Ich habe einen Feher gescrieben! Wirklich! #eins #zwei");
  await page.getByRole("button", { name: "Grammatik prüfen" }).click();
  await page.getByRole("button", { name: "Premium sofort buchen" }).last().click();
  await payInCheckout(page);
  await expect(page.getByText("Vielen Dank! X-Post Optimizer Premium ist jetzt aktiv.")).toBeVisible();
  await expect(planBadge(page, "Premium")).toBeVisible();
  await expect(planBadge(page, "Pro")).toHaveCount(0);

  await page.goto("/xposter-evaluator");
  await editor.fill("Ich habe einen Feher gescrieben! Wirklich! #eins #zwei");
  await page.getByRole("button", { name: "Grammatik prüfen" }).click();
  await expect(page.getByTestId("ai-suggestion").locator("ins", { hasText: "Fehler" })).toBeVisible();
  await expect(page.getByText(/Premium-Test läuft/)).toHaveCount(0);

  // The cancel button of § 312k, signed in: carried out at once, to the end of the period.
  await page.getByRole("contentinfo").getByRole("link", { name: "Verträge hier kündigen" }).click();
  await page.getByLabel("Ihr Name").fill("Erika Mustermann");
  await page.getByLabel("E-Mail-Adresse Ihres Kontos").fill(email);
  await page.getByLabel("Vertrag").selectOption("optimizer_premium");
  await page.getByRole("button", { name: "Jetzt kündigen" }).click();
  const receipt = page.getByRole("status").filter({ hasText: "Ihre Kündigung ist eingegangen" });
  await expect(receipt.getByText(/^Ihr Abonnement endet am \d{2}\.\d{2}\.\d{4}, dem Ende des bezahlten/)).toBeVisible();
  await waitForMail(E2E_DATA_DIR, email, (m) => m.subject === "Eingangsbestätigung Ihrer Kündigung");

  await page.goto("/konto");
  const optimizerPlan = page.getByRole("region", { name: "X-Post Optimizer Premium" });
  await expect(optimizerPlan.getByText("Gekündigt, endet am")).toBeVisible();
  await expect(optimizerPlan.getByText("Premium", { exact: true })).toBeVisible();
});

test("without a payment provider /preise names the reason instead of a button that leads nowhere", async ({ page }) => {
  await page.route("**/api/config", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), payments: false } });
  });
  await page.goto("/preise");
  const notice =
    "Online-Zahlungen sind in dieser Installation noch nicht eingerichtet. Bitte wenden Sie sich an den Betreiber.";
  await expect(page.getByText(notice)).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Pro buchen" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Premium sofort buchen" })).toHaveCount(0);
});

test("/konto shows the server's German message when its status check is rate-limited", async ({ page }) => {
  await signUpConfirmed(page);
  // ADR 0048: 30 status checks per 10 minutes and account; /konto makes the 31st.
  for (let call = 0; call < 30; call++) {
    const response = await page.request.post("/api/billing/status", { headers: { origin: E2E_BASE_URL }, data: {} });
    expect(response.status()).toBe(200);
  }
  await page.goto("/konto");
  await expect(page.getByText(BILLING_MESSAGES.tooManyRequests)).toBeVisible();
  await expect(page.getByText(BILLING_MESSAGES.verifyFailed)).toHaveCount(0);
});
