import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { E2E_DATA_DIR, GOOGLE_FAKE_PORT, X_FAKE_URL } from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { confirmationLinkFor, expect, signUpConfirmed, test, uniqueEmail } from "./fixtures.ts";

// ADR 0083: a personal page or a network's OAuth return seen signed out leads to sign-in, and from
// there back to where the visitor was going, never to another site.

async function signInOnAuthPage(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
}

/** On the X fake's consent page, with Postwerk's session gone (ended, or another browser). */
async function atConsentPageSignedOut(page: Page) {
  await page.goto("/konto/verbundene-konten");
  await page.getByRole("button", { name: "X verbinden" }).click();
  await expect(page.getByRole("heading", { name: /^X \(Fake\)/ })).toBeVisible();
  await page.context().clearCookies({ domain: "localhost" });
}

test("the Redaktionsplan seen signed out leads to sign-in and back to the Redaktionsplan", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await page.context().clearCookies();
  await page.goto("/redaktionsplan");
  await expect(page).toHaveURL(/\/auth\?returnUrl=%2Fredaktionsplan&anmelden=1$/);
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/redaktionsplan$/);
  await expect(page.getByRole("heading", { name: "Redaktionsplan", level: 1 })).toBeVisible();
});

test("back from X signed out: sign-in, then the connection completes", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await atConsentPageSignedOut(page);
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("anmelden") === "1");
  expect(new URL(page.url()).searchParams.get("returnUrl")).toMatch(/^\/api\/connections\/x\/callback\?.*state=/);
  await signInOnAuthPage(page, email, password);
  await expect(page.getByText("X-Konto verbunden.")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/konto/verbundene-konten");
  await expect(page.getByTestId("connected-account")).toHaveCount(1);
});

test("back from X signed out, then signed in as someone else: the connections page says why, in German", async ({
  page,
}) => {
  const someoneElse = await signUpConfirmed(page);
  await page.context().clearCookies();
  await signUpConfirmed(page);
  await atConsentPageSignedOut(page);
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await signInOnAuthPage(page, someoneElse.email, someoneElse.password);
  await expect(
    page.getByText(
      "Die Anmeldung beim Netzwerk ist abgelaufen oder ungültig. Bitte verbinden Sie das Konto noch einmal.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/konto/verbundene-konten");
  await expect(page.getByTestId("connected-account")).toHaveCount(0);
});

test("a way back to another site is not followed after sign-in", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await page.context().clearCookies();
  await page.goto("/auth?returnUrl=%2F%09%2Fevil.example&anmelden=1");
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/erstellen$/);
});

// ADR 0094: every way of signing in leads back to the deep link with its query; the creator's
// sign-up leads through the confirmation link to the generator; a mail's link opens its post.

test("a deep link with its query survives sign-in with a two-factor code, also a reload of the code step", async ({
  page,
}) => {
  const { email, password } = await signUpConfirmed(page);
  const origin = new URL(page.url()).origin;
  const enable = await page.request.post("/api/auth/two-factor/enable", { headers: { origin }, data: { password } });
  const app = OTPAuth.URI.parse((await enable.json()).totpURI) as OTPAuth.TOTP;
  const verify = await page.request.post("/api/auth/two-factor/verify-totp", {
    headers: { origin },
    data: { code: app.generate() },
  });
  expect(verify.ok()).toBe(true);
  await page.context().clearCookies();

  await page.goto("/redaktionsplan?ansicht=liste&woche=2026-12-07");
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/auth\/zwei-faktor\?returnUrl=/);
  await page.reload();
  await page.getByLabel("6-stelliger Code").fill(app.generate());
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page).toHaveURL(/\/redaktionsplan\?ansicht=liste&woche=2026-12-07$/);
  await expect(page.getByRole("heading", { name: "Redaktionsplan", level: 1 })).toBeVisible();
});

test("/admin seen signed out asks to sign in and comes back; signed in without the role it is home", async ({
  page,
}) => {
  await page.goto("/admin?tab=nachrichten");
  await expect(page).toHaveURL(/\/auth\?returnUrl=%2Fadmin%3Ftab%3Dnachrichten&anmelden=1$/);
  const { email, password } = await signUpConfirmed(page);
  await page.context().clearCookies();
  await page.goto("/admin");
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

test("Google sign-in from a deep link comes back to it with its query", async ({ page }) => {
  const email = uniqueEmail("google-deeplink");
  await page.request.post(`http://127.0.0.1:${GOOGLE_FAKE_PORT}/__next-user`, {
    data: { sub: `sub-${email}`, email, name: "Gabi Google" },
  });
  await page.goto("/archiv?suche=Brezel");
  await expect(page).toHaveURL(/\/auth\?returnUrl=%2Farchiv%3Fsuche%3DBrezel&anmelden=1$/);
  await page.getByRole("button", { name: "Mit Google anmelden" }).click();
  await expect(page).toHaveURL(/\/archiv\?suche=Brezel$/);
});

test("'Jetzt Beitrag erstellen' → sign-up → confirmation link → the generator, not the home page", async ({ page }) => {
  const email = uniqueEmail("cta");
  await page.goto("/");
  await page.getByRole("link", { name: "Jetzt Beitrag erstellen" }).first().click();
  await page.getByRole("link", { name: "Kostenlos registrieren" }).click();
  await expect(page.getByRole("heading", { name: "Konto erstellen" })).toBeVisible();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill("Laterne-Zimt-42");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page).toHaveURL(/\/auth\/registration-success$/);

  await page.goto(await confirmationLinkFor(email));
  await expect(page.getByRole("heading", { name: "E-Mail-Adresse bestätigt" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zum Beitragsgenerator" })).toBeVisible();
  await expect(page).toHaveURL(/\/erstellen$/, { timeout: 10_000 });
});

test("a failure mail's link opens the post in the Redaktionsplan, through sign-in", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await page.goto("/konto/verbundene-konten");
  await page.getByRole("button", { name: "X verbinden" }).click();
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await expect(page.getByText("X-Konto verbunden.")).toBeVisible();
  const connections = (await (await page.request.get("/api/connections")).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  const accountId = connections.networks.find((entry) => entry.network === "x")?.accounts[0]?.id;
  await page.request.post(`${X_FAKE_URL}/__fake/fault`, {
    data: { fault: { kind: "refusal", reason: "media-invalid" }, route: "post", times: 1 },
  });
  const text = `Aus der Mail geöffnet ${Date.now()}`;
  const created = await page.request.post("/api/posts", {
    headers: { origin: new URL(page.url()).origin },
    data: { targets: [{ accountId, text }] },
  });
  expect(created.status()).toBe(201);

  const mail = await waitForMail(E2E_DATA_DIR, email, (m) => m.subject.includes("nicht veröffentlicht"));
  const link = mail.links.find((candidate) => candidate.includes("/redaktionsplan?beitrag="));
  expect(link).toBeDefined();
  await page.context().clearCookies();
  await page.goto(link ?? "");
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/redaktionsplan\?beitrag=[0-9a-f-]{36}$/);
  const dialog = page.getByRole("dialog", { name: /^Beitrag für X/ });
  await expect(dialog.getByText(/X hat das Bild nicht angenommen/)).toBeVisible();
  await expect(dialog.getByText(text)).toBeVisible();
});
