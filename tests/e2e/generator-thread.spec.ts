import type { Page } from "@playwright/test";
import { joinThread } from "#shared/x-thread.ts";
import { E2E_WEBSITE_URL } from "../../playwright.config.ts";
import { FAKE_GENERATED_THREADS } from "../mocks/openai.ts";
import { pngDataUrl } from "../support/images.ts";
import { expect, signInThroughForm, signUpConfirmed, test } from "./fixtures.ts";
import { generateViaApi, scriptFake, unlockViaApi } from "./generator-api.ts";

// ADR 0065: X threads from the generator and in the archive; the archive's image and website;
// the last results surviving a trip to the archive, and gone after sign-out.

const SHOTS = process.env.SCREENSHOTS ? "screenshots" : null;

/** The optimizer received the thread: its thread mode shows the posts, one per paragraph. */
async function expectOptimizerThread(page: Page, posts: string[]) {
  await expect(page).toHaveURL(/\/xposter-evaluator$/);
  await expect(page.getByRole("button", { name: "Thread", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("textbox", { name: "Dein Thread" })).toHaveValue(joinThread(posts));
}

async function generateThreadInForm(page: Page) {
  await page.goto("/erstellen");
  const format = page.getByRole("group", { name: "Format" });
  // Only X offers threads.
  await expect(format).toHaveCount(0);
  await page.getByLabel("Text oder Stichwörter").fill("Zimtschnecken am Samstag, mit Kardamom");
  await page.getByLabel("Netzwerk").selectOption("twitter");
  await expect(format.getByLabel("Einzelpost")).toBeChecked();
  await format.getByText("Thread (3-7 Posts)").click();
  await scriptFake(page.request);
  await page.getByRole("button", { name: "Beiträge generieren" }).click();
  await expect(page.getByText("Inhalt erfolgreich generiert und gespeichert!")).toBeVisible({ timeout: 20_000 });
}

test("an X thread: three threads with numbered posts, copied whole, opened in the optimizer, and from the archive", async ({
  page,
  clipboard,
}) => {
  test.setTimeout(90_000);
  await signUpConfirmed(page);
  await unlockViaApi(page);
  await generateThreadInForm(page);

  const cards = page.getByTestId("result-card");
  await expect(cards).toHaveCount(3);
  for (const [index, thread] of FAKE_GENERATED_THREADS.entries()) {
    const posts = cards.nth(index).getByTestId("thread-post");
    await expect(posts).toHaveCount(thread.length);
    await expect(posts.last()).toContainText(thread.at(-1) ?? "");
    await expect(cards.nth(index).getByText(`Thread · ${thread.length} Beiträge`)).toBeVisible();
  }
  if (SHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await cards.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/generator-thread-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await cards.nth(1).getByRole("button", { name: "Kopieren" }).click();
  expect(await clipboard.readText()).toBe(FAKE_GENERATED_THREADS[1]?.join("\n\n"));

  await cards.nth(1).getByRole("button", { name: "Im Optimizer öffnen" }).click();
  await expectOptimizerThread(page, FAKE_GENERATED_THREADS[1] ?? []);

  // The archive: one entry with the three threads, each opening in the optimizer's thread mode.
  await page.goto("/archiv");
  const entry = page.getByTestId("archive-entry").first();
  await expect(entry.getByTestId("archive-thread")).toHaveCount(3);
  await expect(entry.getByTestId("archive-thread").nth(2).getByTestId("thread-post")).toHaveCount(5);
  await entry.getByRole("button", { name: "Thread 3 im Optimizer öffnen" }).click();
  await expectOptimizerThread(page, FAKE_GENERATED_THREADS[2] ?? []);
});

test("an archive entry shows its image as a thumbnail and its website as a short link", async ({ page }) => {
  await signUpConfirmed(page);
  await unlockViaApi(page);
  await scriptFake(page.request);
  const run = await generateViaApi(page, {
    keyPoints: "Zimtschnecken mit Bild",
    imageData: pngDataUrl(),
    website: E2E_WEBSITE_URL,
  });
  expect(run.body).toContain("event: done");
  await page.goto("/archiv");
  const entry = page.getByTestId("archive-entry").first();
  const image = entry.getByRole("img", { name: "Ihr Bild zu dieser Generierung" });
  await expect(image).toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute("src", /^\/uploads\/social-images\//);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  const box = await image.boundingBox();
  expect(box?.width).toBe(box?.height);
  const website = entry.getByTestId("archive-website");
  await expect(website).toHaveAttribute("href", E2E_WEBSITE_URL);
  await expect(website).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(website).toHaveAttribute("target", "_blank");
  await expect(website).toHaveText(new URL(E2E_WEBSITE_URL).host.replace(/^www\./, ""));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The card fits the narrow screen: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/archive-thumbnail-${width}.png`, fullPage: true });
  }
});

test("the last results and the form survive a trip to the archive, and are gone after sign-out", async ({ page }) => {
  test.setTimeout(90_000);
  const { email, password } = await signUpConfirmed(page);
  await unlockViaApi(page);
  await generateThreadInForm(page);
  await expect(page.getByTestId("result-card")).toHaveCount(3);

  await page.getByRole("link", { name: "Archivierte Beiträge" }).first().click();
  await expect(page).toHaveURL(/\/archiv$/);
  await page.getByRole("link", { name: "Zum Generator" }).click();
  await expect(page).toHaveURL(/\/erstellen$/);
  await expect(page.getByTestId("result-card")).toHaveCount(3);
  await expect(page.getByTestId("result-card").first().getByTestId("thread-post")).toHaveCount(3);
  await expect(page.getByLabel("Text oder Stichwörter")).toHaveValue("Zimtschnecken am Samstag, mit Kardamom");
  await expect(page.getByLabel("Netzwerk")).toHaveValue("twitter");
  await expect(page.getByRole("group", { name: "Format" }).getByLabel("Thread (3-7 Posts)")).toBeChecked();

  // Sign-out clears the tab's storage (clearBrowserStorage): a new sign-in starts empty.
  await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("postwerk.generator"))),
  ).toEqual([]);
  await signInThroughForm(page, email, password);
  await page.goto("/erstellen");
  await expect(page.getByLabel("Text oder Stichwörter")).toHaveValue("");
  await expect(page.getByTestId("result-card")).toHaveCount(0);
});
