import type { Page } from "@playwright/test";
import type { WebMcpTool, WebMcpToolResult } from "#app/lib/webmcp.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { askAiInPremiumTrial, expect, signUpAndOpenOptimizer, test } from "./fixtures.ts";

const LONG_POST =
  "Heute zeige ich dir drei Wege, wie du mit kurzen Sätzen mehr Reichweite auf X bekommst und dabei deinen eigenen Ton behältst, ohne dass es werblich klingt! Wirklich! #Marketing #X";

// ADR 0032: a visitor without a session keeps the landing; the tool's code (and zod) is not
// loaded for them, nor the query client only the tool uses, and trying the tool brings
// the spec's toast and the way to /auth.
const TOOL_CODE =
  /\/assets\/(optimizer-tool|post-metrics|[\w.-]*schemas|auth-navigation|with-query-client|query-client-provider|useQuery|mutation)[\w-]*\.js$/;

async function expectAuthWithOptimizerNotice(page: Page) {
  await expect(page.getByText("Bitte melde dich an, um den X-Post Optimizer zu nutzen.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Anmeldung erforderlich, um den X-Post Optimizer zu nutzen")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Konto erstellen" })).toBeVisible();
}

test("a signed-out visitor keeps the landing without the tool's code; the sign-in button leads to /auth", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/xposter-evaluator", { waitUntil: "networkidle" });
  await expect(page).toHaveURL(/\/xposter-evaluator$/);
  await expect(page.getByRole("heading", { level: 2, name: "Sechs Kriterien" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => TOOL_CODE.test(script))).toEqual([]);

  await page.getByRole("link", { name: "Anmelden und loslegen" }).click();
  await expectAuthWithOptimizerNotice(page);
});

test("a signed-out visitor who starts typing into the editor is sent to /auth", async ({ page }) => {
  await page.goto("/xposter-evaluator");
  const teaserEditor = page.getByRole("textbox", { name: "Post schreiben (nach der Anmeldung)" });
  await teaserEditor.focus();
  // Moving through the page with the keyboard is no attempt to use the tool.
  await page.keyboard.press("Shift");
  await expect(page).toHaveURL(/\/xposter-evaluator$/);
  await page.keyboard.press("H");
  await expectAuthWithOptimizerNotice(page);
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
  // The long marketing part hydrates in a step of its own, after the tool area (ADR 0039).
  expect(html).toContain('<div class="mt-20"><!--$-->');
});

test("a signed-in writer sees counter, colours, score and highlights change while typing", async ({
  page,
  context,
  clipboard,
}) => {
  await signUpAndOpenOptimizer(page);
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

  const bestPost =
    "Kurze Sätze wirken. Ein Hashtag reicht völlig, und ein Ausrufezeichen setzt den Akzent! Probier es heute aus und teile deine Erfahrung mit uns. #Reichweite";
  await editor.fill(bestPost);
  await expect(page.getByLabel("Punktzahl 6 von 6")).toBeVisible();

  await page.getByRole("button", { name: "Kopieren" }).click();
  await expect(page.getByText("Text wurde in die Zwischenablage kopiert.")).toBeVisible();
  expect(await clipboard.readText()).toBe(bestPost);
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
  await signUpAndOpenOptimizer(page);
  const editor = page.getByRole("textbox", { name: "Dein Post" });
  await editor.fill("Ich habe einen Feher gescrieben! Wirklich! #eins #zwei");

  const suggestion = await askAiInPremiumTrial(page, "Grammatik prüfen");
  await expect(suggestion.getByRole("heading", { name: "Korrekturvorschlag" })).toBeVisible();
  // ADR 0025: labelled beside the suggestion; "Übernehmen" below takes the text alone.
  await expect(suggestion.getByTestId("ai-label")).toHaveText("KI-generiert");
  await expect(suggestion.locator("del", { hasText: "Feher" })).toBeVisible();
  await expect(suggestion.locator("ins", { hasText: "Fehler" })).toBeVisible();
  // ADR 0067: the text before the AI is saved when its answer arrives (spec section 4: "on the
  // first grammar check"), so "Zurücksetzen" brings it back even after the writer edits on.
  await expect(page.getByRole("button", { name: "Zurücksetzen" })).toBeVisible();
  await editor.fill("Ich habe einen Feher gescrieben! Wirklich! #eins #zwei #drei");
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
  await signUpAndOpenOptimizer(page);
  await page.getByRole("button", { name: "Kopieren" }).click();
  await expect(page.getByText("Kein Text zum Kopieren vorhanden.")).toBeVisible();
  await page.getByRole("button", { name: "Grammatik prüfen" }).click();
  await expect(page.getByText("Kein Text zur Grammatikprüfung vorhanden.")).toBeVisible();
  await page.getByRole("button", { name: "Mit KI verbessern" }).click();
  await expect(page.getByText("Kein Text zur Optimierung vorhanden.")).toBeVisible();
});

// ADR 0033: the scoring as a WebMCP tool. The browser under test has no model context of its
// own, so a fake one records what the page registers.
declare global {
  interface Window {
    registeredTools: WebMcpTool[];
    unregisteredTools: string[];
  }
}

test("with a model context the page registers score-x-post, which scores like the optimizer", async ({ page }) => {
  await page.addInitScript(() => {
    window.registeredTools = [];
    window.unregisteredTools = [];
    Object.defineProperty(navigator, "modelContext", {
      value: {
        registerTool: async (tool: WebMcpTool, options?: { signal?: AbortSignal }) => {
          window.registeredTools.push(tool);
          options?.signal?.addEventListener("abort", () => window.unregisteredTools.push(tool.name));
        },
      },
    });
  });
  await page.goto("/xposter-evaluator");
  await page.waitForFunction(() => window.registeredTools.length === 1);

  const { name, readOnly, answer } = await page.evaluate(async (text) => {
    const tool = window.registeredTools[0] as WebMcpTool;
    return { name: tool.name, readOnly: tool.annotations?.readOnlyHint, answer: await tool.execute({ text }) };
  }, LONG_POST);
  expect(name).toBe("score-x-post");
  expect(readOnly).toBe(true);
  const expected = evaluatePost(LONG_POST);
  const scored = answer.structuredContent as {
    score: number;
    weightedLength: number;
    criteria: { id: string; passed: boolean }[];
  };
  expect(scored.score).toBe(expected.score);
  expect(scored.weightedLength).toBe(expected.metrics.adjustedLength);
  expect(scored.criteria.map(({ id, passed }) => ({ id, passed }))).toEqual(
    expected.criteria.map(({ id, passed }) => ({ id, passed })),
  );

  const refused: WebMcpToolResult = await page.evaluate(() => (window.registeredTools[0] as WebMcpTool).execute({}));
  expect(refused.isError).toBe(true);

  // Leaving the page takes the tool away.
  await page.getByRole("link", { name: "FAQ" }).first().click();
  await page.waitForFunction(() => window.unregisteredTools.includes("score-x-post"));
});

test("without a model context no WebMCP code is requested", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/xposter-evaluator", { waitUntil: "networkidle" });
  expect(await page.evaluate(() => "modelContext" in navigator || "modelContext" in document)).toBe(false);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.includes("score-post-tool"))).toEqual([]);
});

// ADR 0101: a rewrite is compared sentence by sentence, with a view of the result alone; with the
// trial running the page no longer offers the trial.
test("a rewrite by the AI is compared by sentences and can be read alone; the running trial is not offered again", async ({
  page,
}) => {
  await signUpAndOpenOptimizer(page);
  await expect(page.getByLabel("Punktzahl 0 von 6")).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Dein Post" });
  await editor.fill("Wir haben heute ein neues Angebot im Laden. Kommt vorbei!");
  const suggestion = await askAiInPremiumTrial(page, "Mit KI verbessern");
  await expect(suggestion.getByRole("heading", { name: "Optimierter Vorschlag" })).toBeVisible();
  await expect(suggestion.locator("[data-granularity]")).toHaveAttribute("data-granularity", "sentence");
  await expect(page.getByRole("link", { name: /Dein Premium-Test läuft bis/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "7 Tage gratis testen" })).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await suggestion.scrollIntoViewIfNeeded();
    await suggestion.screenshot({ path: `test-results/screens/optimizer-diff-${width}.png` });
  }
  await suggestion.getByRole("button", { name: "Nur Ergebnis" }).click();
  await expect(suggestion.getByTestId("ai-result")).toBeVisible();
  await expect(suggestion.locator("del")).toHaveCount(0);
  await suggestion.screenshot({ path: "test-results/screens/optimizer-result-390.png" });
});
