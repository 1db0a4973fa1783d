import type { Page } from "@playwright/test";
import { E2E_ACCESS_CODE, E2E_WEBSITE_URL } from "../../playwright.config.ts";
import { FAKE_GENERATED_POSTS, type RecordedRequest } from "../mocks/openai.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { FAKE_URL, generateViaApi, scriptFake, unlockViaApi } from "./generator-api.ts";

// The post generator (/erstellen); the archive has its own spec (archive.spec.ts). The server talks to the
// fake OpenAI-compatible model of playwright.config.ts; tests script its next answers. The
// e2e server asks for the access code E2E_ACCESS_CODE (ADR 0015) and can read the one
// "customer website" at E2E_WEBSITE_URL (tests/support/e2e-server.ts).

// A valid 1x1 PNG, so the server's re-encoding accepts it.
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const WEBSITE_NOT_ALLOWED =
  "Diese Website-Adresse ist nicht erlaubt. Bitte geben Sie eine öffentlich erreichbare Adresse mit http:// oder https:// an.";

const creditBadge = (page: Page, credits: number) => page.getByLabel(`Credits: ${credits} von 100`);

test("a signed-out visitor sees the landing panel and reaches sign-up from it", async ({ page }) => {
  await page.goto("/erstellen");
  for (const title of ["KI-Generierung", "Mehrere Plattformen", "Zeitersparnis bis zu 90 %"]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Anmelden", exact: true })).toBeVisible();
  await main.getByRole("link", { name: "Kostenlos registrieren" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { name: "Konto erstellen" })).toBeVisible();
});

test("generate for X with an image and a website: access code, live cards, credit, copy, share, then its archive entry", async ({
  page,
  context,
  clipboard,
}) => {
  test.setTimeout(120_000);
  await context.route("https://x.com/**", (route) => route.fulfill({ body: "X" }));
  await context.route("https://www.linkedin.com/**", (route) => route.fulfill({ body: "LinkedIn" }));
  await signUpConfirmed(page);
  await page.goto("/erstellen");
  await expect(creditBadge(page, 10)).toBeVisible();

  // The access code: a wrong entry stays locked and counts, the right one opens the generator.
  await expect(page.getByRole("heading", { name: "Zugang zum Generator" })).toBeVisible();
  await expect(page.getByLabel("Text oder Stichwörter")).toHaveCount(0);
  const unlock = page.getByRole("button", { name: "Freischalten" });
  await page.getByLabel("Zugangscode").fill("sonnenschein");
  await unlock.click();
  await expect(page.getByText("Falsches Passwort")).toBeVisible();
  await expect(page.getByText("Bitte versuche es erneut.")).toBeVisible();
  await expect(page.getByText("Fehlversuche: 1")).toBeVisible();
  await page.getByLabel("Zugangscode").fill(E2E_ACCESS_CODE);
  await unlock.click();
  await expect(page.getByText("Zugriff gewährt")).toBeVisible();
  await expect(page.getByText("Willkommen beim X-Post Optimizer!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Text oder Stichwörter")).toBeVisible();

  // Defaults and the step explanation.
  await expect(page.getByLabel("Netzwerk")).toHaveValue("facebook");
  await expect(page.getByLabel("Tonalität")).toHaveValue("friendly");
  await expect(page.getByRole("radio", { name: "Deutsch" })).toBeChecked();
  await expect(page.getByText("JPG, JPEG, PNG, WEBP")).toBeVisible();
  for (const step of ["Inhalt beschreiben", "Zielgruppe wählen", "KI arbeiten lassen", "Teilen"]) {
    await expect(page.getByText(step, { exact: true })).toBeVisible();
  }

  // Blank key points are refused in the browser.
  const submit = page.getByRole("button", { name: "Beiträge generieren" });
  await submit.click();
  await expect(page.getByText("Bitte geben Sie Ihre Schlüsselwörter ein")).toBeVisible();

  // A wrong image type is refused before anything is sent.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: "notiz.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(page.getByText("Nur JPEG, PNG und WEBP Bilder sind erlaubt")).toBeVisible();

  // The website reader refuses private addresses: the German error, a refund, the form kept.
  const keyPoints = "Zimtschnecken mit Kardamom, jeden Samstag frisch, Bäckerei am Markt";
  await page.getByLabel("Text oder Stichwörter").fill(keyPoints);
  await page.getByLabel("Website (optional)").fill("http://127.0.0.1/");
  await page.getByLabel("Netzwerk").selectOption("twitter");
  await submit.click();
  await expect(page.getByText(WEBSITE_NOT_ALLOWED)).toBeVisible();
  await expect(page.getByText("Fehler", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Text oder Stichwörter")).toHaveValue(keyPoints);
  await expect(page.getByLabel("Website (optional)")).toHaveValue("http://127.0.0.1/");
  await expect(page.getByLabel("Netzwerk")).toHaveValue("twitter");
  await expect(creditBadge(page, 10)).toBeVisible();

  // A slow stream: the first card fills while the run is still going. With an image and the
  // customer's website, whose title and text reach the model.
  await page.getByLabel("Website (optional)").fill(E2E_WEBSITE_URL);
  await fileInput.setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PIXEL_PNG });
  await expect(page.getByTestId("image-name")).toHaveText("pixel.png");
  await scriptFake(page.request, { kind: "json", value: { posts: FAKE_GENERATED_POSTS }, chunkMs: 120, chunkSize: 16 });
  await submit.click();
  const busyButton = page.getByRole("button", { name: "Wird generiert..." });
  await expect(busyButton).toBeVisible();
  await expect(page.getByTestId("loading-panel")).toBeVisible();
  const cards = page.getByTestId("result-card");
  await expect(cards.first().getByTestId("result-text")).toContainText("Frische Zimtschnecken");
  await expect(busyButton).toBeVisible();
  await expect(creditBadge(page, 9)).toBeVisible();

  await expect(page.getByText("Inhalt erfolgreich generiert und gespeichert!")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("region", { name: /^Hinweise/ }).getByText("Erfolg", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Beiträge generieren" })).toBeVisible();
  await expect(page.getByTestId("loading-panel")).toBeHidden();
  await expect(cards).toHaveCount(3);
  for (const [index, post] of FAKE_GENERATED_POSTS.entries()) {
    await expect(cards.nth(index).getByTestId("result-text")).toHaveText(post);
  }
  // ADR 0025: every suggestion is labelled beside its text, and the page says who checks it.
  await expect(cards.getByTestId("ai-label")).toHaveText(["KI-generiert", "KI-generiert", "KI-generiert"]);
  await expect(
    page.getByText(
      "KI-Vorschläge können Fehler enthalten: Bitte prüfen Sie jeden Text vor dem Veröffentlichen – Sie veröffentlichen ihn in eigener Verantwortung.",
    ),
  ).toBeVisible();
  const modelRequests = (await (await page.request.get(`${FAKE_URL}/__requests`)).json()) as RecordedRequest[];
  const prompt = JSON.stringify(modelRequests.at(-1)?.messages);
  expect(prompt).toContain("Bäckerei Sonnenschein – Brot aus Köln");
  expect(prompt).toContain("Samstags gibt es Zimtschnecken mit Kardamom.");
  // For X every suggestion carries its optimizer score.
  await expect(cards.first().getByLabel(/Optimizer-Punktzahl \d von 6/)).toBeVisible();
  await expect(page.getByText("Demo-Modus")).toHaveCount(0);

  // Copy: the text exactly as generated, without the label or any mark (ADR 0025).
  await cards.first().getByRole("button", { name: "Kopieren" }).click();
  await expect(page.getByText("Beitrag in die Zwischenablage kopiert")).toBeVisible();
  await expect(page.getByText("Kopiert!", { exact: true })).toBeVisible();
  expect(await clipboard.readText()).toBe(FAKE_GENERATED_POSTS[0]);

  // Share: e-mail link, LinkedIn and X in a popup.
  await expect(page.getByRole("link", { name: "Vorschlag 2 per E-Mail teilen" })).toHaveAttribute(
    "href",
    new RegExp(
      `^mailto:\\?subject=.+&body=${encodeURIComponent(FAKE_GENERATED_POSTS[1] ?? "").replace(/[()*.?+]/g, "\\$&")}$`,
    ),
  );
  const xPopup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Vorschlag 1 auf X teilen" }).click();
  const popup = await xPopup;
  expect(popup.url()).toContain("https://x.com/intent/tweet?text=");
  expect(decodeURIComponent(popup.url())).toContain(FAKE_GENERATED_POSTS[0]);
  await popup.close();
  const linkedInPopup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Vorschlag 3 auf LinkedIn teilen" }).click();
  const linkedIn = await linkedInPopup;
  // LinkedIn's composer with the suggestion filled in: share-offsite would drop the text.
  expect(linkedIn.url()).toContain("https://www.linkedin.com/feed/?shareActive=true&text=");
  expect(decodeURIComponent(linkedIn.url())).toContain(FAKE_GENERATED_POSTS[2]);
  await linkedIn.close();

  // Every run is archived: the generator links to it.
  await page.getByRole("link", { name: "Archivierte Beiträge" }).click();
  await expect(page).toHaveURL(/\/archiv$/);
  await expect(page.getByTestId("archive-entry").first().getByText(keyPoints)).toBeVisible();
  await expect(page.getByTestId("archive-entry").first().getByTestId("archive-provenance")).toHaveText(
    "Erstellt mit KI · Modell fake-model (OpenAI-kompatibler Server)",
  );
});

test("an X suggestion opens in the optimizer with its text", async ({ page }) => {
  await signUpConfirmed(page);
  await unlockViaApi(page);
  await page.goto("/erstellen");
  await page.getByLabel("Text oder Stichwörter").fill("Zimtschnecken am Samstag");
  await page.getByLabel("Netzwerk").selectOption("twitter");
  await scriptFake(page.request);
  await page.getByRole("button", { name: "Beiträge generieren" }).click();
  await expect(page.getByText("Inhalt erfolgreich generiert und gespeichert!")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("result-card").nth(1).getByRole("button", { name: "Im Optimizer öffnen" }).click();
  await expect(page).toHaveURL(/\/xposter-evaluator$/);
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue(FAKE_GENERATED_POSTS[1] ?? "");
});

test("a free user without credits sees the upsell panel instead of the form", async ({ page }) => {
  await signUpConfirmed(page);
  await unlockViaApi(page);
  await scriptFake(page.request);
  for (let run = 0; run < 10; run += 1) {
    const { status, body } = await generateViaApi(page, { keyPoints: `Lauf ${run}` });
    expect(status).toBe(200);
    expect(body).toContain("event: done");
  }
  expect((await generateViaApi(page, { keyPoints: "Einer zu viel" })).status).toBe(402);

  await page.goto("/erstellen");
  await expect(creditBadge(page, 0)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Keine Credits mehr verfügbar" })).toBeVisible();
  await expect(
    page.getByText(
      "Mit dem Pro-Plan erhalten Sie 100 Credits pro Monat für bis zu 300 Beiträge – ab 24,99\u00a0€/Monat, jederzeit kündbar.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Text oder Stichwörter")).toHaveCount(0);
  await page.getByRole("link", { name: "Zu den Preisen" }).click();
  await expect(page).toHaveURL(/\/preise$/);
});

test("a Pro subscriber whose runs are used up and who has no credits sees the panel the server asks for", async ({
  page,
}) => {
  await signUpConfirmed(page);
  await unlockViaApi(page);
  // The server's answer for that account (its own rule is tested in generator.test.ts): the page
  // must render from canGenerate instead of deciding from the plan itself.
  await page.route("**/api/generator/status", async (route) => {
    const response = await route.fetch();
    const status = await response.json();
    await route.fulfill({
      response,
      json: {
        ...status,
        credits: 0,
        subscriptionStatus: "active",
        isSubscriber: true,
        proRunsRemaining: 0,
        canGenerate: false,
      },
    });
  });
  await page.goto("/erstellen");
  await expect(page.getByRole("heading", { name: "Keine Credits mehr verfügbar" })).toBeVisible();
  await expect(
    page.getByText("Durchläufe Ihres Pro-Plans sind für diesen Abrechnungszeitraum aufgebraucht"),
  ).toBeVisible();
  await expect(page.getByLabel("Text oder Stichwörter")).toHaveCount(0);
});
