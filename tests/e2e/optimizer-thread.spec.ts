import type { Page } from "@playwright/test";
import { autoSplitThread, evaluateThread, joinThread, numberThreadPosts } from "#shared/x-thread.ts";
import { THREAD_SAMPLE, THREAD_SAMPLE_LINK } from "../support/thread-sample.ts";
import { askAiInPremiumTrial, expect, signUpAndOpenOptimizer, signUpConfirmed, test } from "./fixtures.ts";

// X threads in the optimizer (ADR 0064) and the AI comparison's "Übernehmen" (ADR 0067).

const SHARE_HINT = "X kann über einen Link nur den ersten Post übernehmen.";

// What navigate(ROUTES.optimizer, { state: { thread } }) does in the generator and the archive,
// through the page's own router.
async function navigateWithState(page: Page, path: string, state: unknown) {
  await page.evaluate(
    ({ path, state }) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string, options: object) => Promise<void> } }
      ).__reactRouterDataRouter.navigate(path, { state }),
    { path, state },
  );
}

test("a long text becomes a thread: automatic split, per-post scores, thread preview, copy and share", async ({
  page,
  context,
  clipboard,
}) => {
  await signUpAndOpenOptimizer(page);
  await page.getByRole("textbox", { name: "Dein Post" }).fill(THREAD_SAMPLE);
  await page.getByRole("button", { name: "Thread", exact: true }).click();
  await expect(page.getByRole("button", { name: "Thread", exact: true })).toHaveAttribute("aria-pressed", "true");
  const editor = page.getByRole("textbox", { name: "Dein Thread" });
  await expect(editor).toHaveValue(THREAD_SAMPLE);

  await page.getByRole("button", { name: "Automatisch aufteilen" }).click();
  const split = autoSplitThread(THREAD_SAMPLE, false);
  expect(split.length).toBeGreaterThan(3);
  await expect(editor).toHaveValue(joinThread(split));

  // Each post has its own counter and score, the thread one summary line.
  const posts = page.locator("[data-thread-post]");
  await expect(posts).toHaveCount(split.length);
  const scored = evaluateThread(split, false);
  for (const [index, post] of scored.posts.entries()) {
    const item = posts.nth(index);
    await expect(item.locator("output[for=post-text]")).toHaveText(`${post.metrics.adjustedLength}/195`);
    await expect(item.getByLabel(`Punktzahl ${post.score} von 6`)).toBeVisible();
  }
  await expect(page.getByTestId("thread-summary")).toHaveText(scored.summary);
  await expect(page.getByTestId("thread-summary")).toHaveText(/^\d von \d Posts erfüll(t|en) alle Kriterien$/);
  await posts.first().getByText("Kriterien").click();
  await expect(posts.first().locator('[data-criterion="sentenceLength"]')).toBeVisible();

  // The preview shows the thread as X does: the posts under each other, avatars joined by a line.
  const preview = page.getByRole("region", { name: "Vorschau" });
  await expect(preview.getByRole("article")).toHaveCount(split.length);
  await expect(preview.locator("[data-thread-line]")).toHaveCount(split.length - 1);
  await expect(preview.getByRole("article").nth(0)).toContainText("🧑‍💻");
  await expect(preview.getByText(THREAD_SAMPLE_LINK)).toBeVisible();

  // With numbering, the split makes room for "i/n" and every post carries its number.
  await page.getByRole("switch", { name: "Nummerierung 1/5" }).check();
  await page.getByRole("button", { name: "Automatisch aufteilen" }).click();
  const numbered = numberThreadPosts(autoSplitThread(THREAD_SAMPLE, true), true);
  await expect(preview.getByRole("article")).toHaveCount(numbered.length);
  await expect(preview.getByRole("article").last()).toContainText(`${numbered.length}/${numbered.length}`);
  await expect(page.getByTestId("thread-summary")).toHaveText(evaluateThread(numbered, false).summary);

  await page.getByRole("button", { name: "Kopieren" }).click();
  await expect(page.getByText("Text wurde in die Zwischenablage kopiert.")).toBeVisible();
  expect(await clipboard.readText()).toBe(numbered.join("\n\n"));

  // X's share link carries one text: the first post, and the button says so.
  const share = page.getByRole("button", { name: "Auf X teilen" });
  await expect(share).toHaveAttribute("title", SHARE_HINT);
  await expect(share).toHaveAccessibleDescription(SHARE_HINT);
  await context.route("https://x.com/**", (route) => route.fulfill({ body: "X" }));
  const popupPromise = page.waitForEvent("popup");
  await share.click();
  const popup = await popupPromise;
  expect(new URL(popup.url()).searchParams.get("text")).toBe(numbered[0]);
  await popup.close();
});

test("a thread opened with navigation state starts in thread mode and is still there after a reload", async ({
  page,
}) => {
  await signUpConfirmed(page);
  await page.goto("/faq");
  const thread = ["Erster Post des Threads.", "Zweiter Post\nmit einer zweiten Zeile.", "Dritter Post."];
  await navigateWithState(page, "/xposter-evaluator", { thread });

  for (const step of ["opened", "reloaded"]) {
    const editor = page.getByRole("textbox", { name: "Dein Thread" });
    // The tool's code loads only now (ADR 0032).
    await editor.waitFor();
    await expect(editor, step).toHaveValue(joinThread(thread));
    await expect(page.getByRole("button", { name: "Thread", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("[data-thread-post]")).toHaveCount(3);
    await expect(page.getByTestId("thread-summary")).toHaveText("0 von 3 Posts erfüllen alle Kriterien");
    await page.reload();
  }

  // Back to one post: the same text, scored as one post.
  await page.getByRole("button", { name: "Einzelpost" }).click();
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue(joinThread(thread));
  await expect(page.locator("[data-thread-post]")).toHaveCount(0);
});

test("an AI answer that changes nothing offers no Übernehmen and nothing to reset", async ({ page }) => {
  await signUpAndOpenOptimizer(page);
  const editor = page.getByRole("textbox", { name: "Dein Post" });
  // No typo the model fake knows: its grammar answer is the text itself.
  const text = "Kurze Sätze wirken. Probier es heute aus und teile deine Erfahrung mit uns. #Reichweite";
  await editor.fill(text);
  const suggestion = await askAiInPremiumTrial(page, "Grammatik prüfen");
  await expect(suggestion.getByText("Keine Änderungen nötig – dein Text passt so.")).toBeVisible();
  await expect(suggestion.getByRole("button", { name: "Übernehmen" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Zurücksetzen" })).toHaveCount(0);
  await suggestion.getByRole("button", { name: "Schließen" }).click();
  await expect(suggestion).toHaveCount(0);
  await expect(editor).toHaveValue(text);
});

test("AI improve works on the whole thread, keeps the split and can be reset", async ({ page }) => {
  await signUpAndOpenOptimizer(page);
  await page.getByRole("button", { name: "Thread", exact: true }).click();
  const editor = page.getByRole("textbox", { name: "Dein Thread" });
  const before = "Ich habe einen Feher gescrieben!\n\nDer zweite Post ist kurz.\n---\nUnd der dritte auch.";
  await editor.fill(before);
  const suggestion = await askAiInPremiumTrial(page, "Mit KI verbessern");
  await expect(suggestion.getByRole("heading", { name: "Optimierter Vorschlag" })).toBeVisible();
  await expect(suggestion.getByText("Post 1", { exact: true })).toBeVisible();
  await expect(suggestion.getByText("Post 3", { exact: true })).toBeVisible();
  await expect(suggestion.getByText(/Bewertung danach: \d von 3 Posts erfüll(t|en) alle Kriterien/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Zurücksetzen" })).toBeVisible();
  await suggestion.getByRole("button", { name: "Übernehmen" }).click();
  await expect(page.getByText("Text wurde optimiert.")).toBeVisible();
  await expect(page.locator("[data-thread-post]")).toHaveCount(3);
  await expect(editor).not.toHaveValue(before);

  await page.getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(page.getByText("Text wurde auf die ursprüngliche Version zurückgesetzt.")).toBeVisible();
  await expect(editor).toHaveValue(before);
});
