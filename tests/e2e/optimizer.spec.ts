import { expect, signUpConfirmed, test } from "./fixtures.ts";

const LONG_POST =
  "Heute zeige ich dir drei Wege, wie du mit kurzen Sätzen mehr Reichweite auf X bekommst und dabei deinen eigenen Ton behältst, ohne dass es werblich klingt! Wirklich! #Marketing #X";

test("a signed-out visit lands on /auth with the optimizer message", async ({ page }) => {
  await page.goto("/xposter-evaluator");
  await expect(page.getByText("Bitte melde dich an, um den X-Post Optimizer zu nutzen.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Anmeldung erforderlich, um den X-Post Optimizer zu nutzen")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Konto erstellen" })).toBeVisible();
});

test("the prerendered page carries the optimizer's marketing content without JavaScript", async ({ request }) => {
  const html = await (await request.get("/xposter-evaluator")).text();
  for (const text of [
    "X-Post Optimizer",
    "Live-Zähler",
    "Optimierungs-Checkliste",
    "KI-Vorschläge",
    "Direktes Posten",
    "Empfohlen",
  ]) {
    expect(html).toContain(text);
  }
});

test("a signed-in writer sees counter, colours, score and highlights change while typing", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpConfirmed(page);
  await page.goto("/xposter-evaluator");
  const editor = page.getByRole("textbox", { name: "Dein Post" });
  const counter = page.locator("output[for=post-text]");

  await editor.fill("Kurz.");
  await expect(counter).toHaveText("5/195");
  await expect(counter).toHaveAttribute("data-tone", "yellow");

  await editor.fill(LONG_POST);
  await expect(counter).toHaveAttribute("data-tone", "green");
  await expect(page.locator('[data-criterion="hashtags"]')).toHaveAttribute("data-passed", "false");
  await expect(page.locator('[data-criterion="exclamations"]')).toHaveAttribute("data-passed", "false");
  await expect(page.locator('[data-criterion="sentenceLength"]')).toHaveAttribute("data-passed", "false");
  await expect(page.getByLabel("Punktzahl 3 von 6")).toBeVisible();
  await expect(page.locator("mark, span.bg-red-200").first()).toBeVisible();

  await editor.fill(`${LONG_POST} ${"noch mehr Text ".repeat(3)}`);
  await expect(counter).toHaveAttribute("data-tone", "red");

  await editor.fill(
    "Kurze Sätze wirken. Ein Hashtag reicht völlig, und ein Ausrufezeichen setzt den Akzent! Probier es heute aus und teile deine Erfahrung mit uns. #Reichweite",
  );
  await expect(page.getByLabel("Punktzahl 6 von 6")).toBeVisible();

  await page.getByRole("button", { name: "Kopieren" }).click();
  await expect(page.getByText("Text wurde in die Zwischenablage kopiert.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Kopiert" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Kopieren" })).toBeVisible({ timeout: 4000 });

  const likeButton = page.getByRole("button", { name: "Gefällt mir" });
  await expect(page.getByTestId("like-count")).toHaveText("312");
  await likeButton.click();
  await expect(page.getByTestId("like-count")).toHaveText("313");
  await page.getByRole("button", { name: "Gefällt mir nicht mehr" }).click();
  await expect(page.getByTestId("like-count")).toHaveText("312");

  // The share popup must not reach the real X from a test.
  await context.route("https://x.com/**", (route) => route.fulfill({ body: "X" }));
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Auf X teilen" }).click();
  const popup = await popupPromise;
  expect(decodeURIComponent(popup.url())).toContain("Kurze Sätze wirken.");
  await popup.close();
});

test("a free user starts the trial, runs grammar and improve against the model and sees the diff", async ({ page }) => {
  await signUpConfirmed(page);
  await page.goto("/xposter-evaluator");
  const editor = page.getByRole("textbox", { name: "Dein Post" });
  await editor.fill("Ich habe einen Feher gescrieben! Wirklich! #eins #zwei");

  await page.getByRole("button", { name: "Grammatik prüfen" }).click();
  await expect(page.getByText("KI-Korrektur und KI-Optimierung gehören zu Premium.")).toBeVisible();
  await page.getByRole("button", { name: "7 Tage gratis testen" }).last().click();
  await expect(page.getByText(/Dein 7-Tage-Test läuft bis \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
  await expect(page.getByText(/Dein kostenloser Premium-Test läuft bis/)).toBeVisible();

  await page.getByRole("button", { name: "Grammatik prüfen" }).click();
  const suggestion = page.getByTestId("ai-suggestion");
  await expect(suggestion.getByRole("heading", { name: "Korrekturvorschlag" })).toBeVisible();
  // ADR 0025: labelled beside the suggestion; "Übernehmen" below takes the text alone.
  await expect(suggestion.getByTestId("ai-label")).toHaveText("KI-generiert");
  await expect(suggestion.locator("del", { hasText: "Feher" })).toBeVisible();
  await expect(suggestion.locator("ins", { hasText: "Fehler" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Zurücksetzen" })).toHaveCount(0);
  await suggestion.getByRole("button", { name: "Übernehmen" }).click();
  await expect(page.getByText("Text wurde korrigiert.")).toBeVisible();
  await expect(editor).toHaveValue("Ich habe einen Fehler geschrieben! Wirklich! #eins #zwei");

  await page.getByRole("button", { name: "Mit KI verbessern" }).click();
  await expect(suggestion.getByRole("heading", { name: "Optimierter Vorschlag" })).toBeVisible();
  await expect(suggestion.getByText("Bewertung danach: 6/6")).toBeVisible();
  await suggestion.getByRole("button", { name: "Übernehmen" }).click();
  await expect(page.getByText("Text wurde optimiert.")).toBeVisible();
  await expect(page.getByLabel("Punktzahl 6 von 6")).toBeVisible();

  await page.getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(page.getByText("Text wurde auf die ursprüngliche Version zurückgesetzt.")).toBeVisible();
  await expect(editor).toHaveValue("Ich habe einen Feher gescrieben! Wirklich! #eins #zwei");
  await expect(page.getByRole("button", { name: "Zurücksetzen" })).toHaveCount(0);
});

test("empty text is refused with the spec's toasts", async ({ page }) => {
  await signUpConfirmed(page);
  await page.goto("/xposter-evaluator");
  await page.getByRole("button", { name: "Kopieren" }).click();
  await expect(page.getByText("Kein Text zum Kopieren vorhanden.")).toBeVisible();
  await page.getByRole("button", { name: "Grammatik prüfen" }).click();
  await expect(page.getByText("Kein Text zur Grammatikprüfung vorhanden.")).toBeVisible();
  await page.getByRole("button", { name: "Mit KI verbessern" }).click();
  await expect(page.getByText("Kein Text zur Optimierung vorhanden.")).toBeVisible();
});
