import type { Locator, Page } from "@playwright/test";
import { E2E_CLOCK_URL, MASTODON_FAKE_URL, META_FAKE_URL, THREADS_FAKE_URL } from "../../playwright.config.ts";
import { FAKE_GENERATED_POSTS } from "../mocks/openai.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { unlockViaApi } from "./generator-api.ts";
import { connectThroughConsentPage, generateWithImage } from "./publishing-steps.ts";

// The four networks added after X, LinkedIn and Bluesky, in one run: a Facebook page with its
// Instagram account from one Meta login (ADR 0096, 0097), a Threads account (ADR 0098) and a
// Mastodon account (ADR 0095). One generator run's suggestions go to Facebook (planned, sent by
// the test clock), Instagram (now, with the run's image), Threads (now) and Mastodon (a thread
// under a content warning); each shows in the plan, in the composer's previews and at its fake.

const SCREENSHOTS = process.env.SCREENSHOTS_DIR;
const [FIRST = "", SECOND = "", THIRD = ""] = FAKE_GENERATED_POSTS;

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The composer scrolls on its own: the preview itself, at both widths. */
async function shootPreview(page: Page, preview: Locator, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await preview.scrollIntoViewIfNeeded();
    await preview.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The posts a fake received, as its page at "/" lists them: text, then account and image count. */
async function fakePosts(page: Page, url: string): Promise<string[]> {
  const html = await (await page.request.get(`${url}/`)).text();
  return [...html.matchAll(/<li><article>([\s\S]*?)<\/article><\/li>/g)].map((match) => match[1] ?? "");
}

test("Facebook with Instagram, Threads and Mastodon: one generator run goes to all four, in the plan and at the fakes", async ({
  page,
}) => {
  test.setTimeout(300_000);
  for (const fake of [META_FAKE_URL, THREADS_FAKE_URL, MASTODON_FAKE_URL])
    await fetch(`${fake}/__fake/faults`, { method: "DELETE" });
  const run = Date.now().toString(36);
  const metaAccount = `sonnenschein-${run}`;
  await signUpConfirmed(page);
  await unlockViaApi(page);

  // One Meta login connects the page and the Instagram account linked to it (the choose step).
  await page.goto("/konto/verbundene-konten");
  await page.getByRole("button", { name: "Facebook verbinden", exact: true }).click();
  await expect(page.getByRole("heading", { name: /^Facebook \(Fake\)/ })).toBeVisible();
  await page.getByLabel("Konto").fill(metaAccount);
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  const choice = page.getByRole("group", { name: "Welche Seiten und Konten soll Postwerk verbinden?" });
  await expect(choice.getByRole("checkbox")).toHaveCount(2);
  await page.getByRole("button", { name: "Ausgewählte verbinden" }).click();
  await expect(page.getByText("2 Konten verbunden.")).toBeVisible({ timeout: 15_000 });
  await connectThroughConsentPage(page, "Threads");
  await page.getByRole("button", { name: "Mastodon verbinden" }).click();
  const mastodonForm = page.getByRole("form", { name: "Mastodon verbinden" });
  await mastodonForm.getByLabel("Instanz").fill(MASTODON_FAKE_URL);
  await mastodonForm.getByRole("button", { name: "Weiter zur Instanz" }).click();
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await expect(page.getByText("Mastodon-Konto verbunden.")).toBeVisible({ timeout: 15_000 });
  const accounts = page.getByTestId("connected-account");
  await expect(accounts).toHaveCount(4);
  await expect(accounts.getByText("Verbunden", { exact: true })).toHaveCount(4);
  await shoot(page, "four-networks-connections");

  await generateWithImage(page, "facebook");
  const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
  const facebook = composer.getByRole("checkbox", { name: /^Facebook · / });
  const instagram = composer.getByRole("checkbox", { name: /^Instagram · / });
  const threads = composer.getByRole("checkbox", { name: /^Threads · / });
  const mastodon = composer.getByRole("checkbox", { name: /^Mastodon · / });

  // Suggestion 1 to the Facebook page, planned, with the run's image.
  await page.getByRole("button", { name: "Vorschlag 1 veröffentlichen" }).click();
  await expect(facebook).toBeChecked();
  await expect(instagram).not.toBeChecked();
  await expect(composer.getByTestId("composer-thumbnail")).toBeVisible();
  // The content warning is Mastodon's alone: not offered for Facebook.
  await expect(composer.getByLabel("Inhaltswarnung (optional)")).toHaveCount(0);
  const facebookPreview = composer.getByRole("figure", { name: /^Vorschau für Facebook/ });
  await expect(facebookPreview).toContainText(FIRST);
  await shootPreview(page, facebookPreview, "four-networks-facebook-preview");
  await composer.getByRole("radio", { name: "Planen" }).check();
  const date = await composer.getByLabel("Datum").inputValue();
  const time = await composer.getByLabel("Uhrzeit (Berlin)").inputValue();
  await composer.getByRole("button", { name: "Planen" }).click();
  await expect(composer).toBeHidden();

  // Suggestion 2 to Instagram, now: Instagram takes only posts with an image, and has it.
  await page.getByRole("button", { name: "Vorschlag 2 veröffentlichen" }).click();
  await facebook.uncheck();
  await instagram.check();
  const instagramPreview = composer.getByRole("figure", { name: /^Vorschau für Instagram/ });
  await expect(instagramPreview.getByTestId("preview-image")).toBeVisible();
  await shootPreview(page, instagramPreview, "four-networks-instagram-preview");
  await composer.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
  await expect(composer).toBeHidden();

  // Suggestion 3 to Threads, now, with the image (the e2e server counts as public, ADR 0098).
  await page.getByRole("button", { name: "Vorschlag 3 veröffentlichen" }).click();
  await facebook.uncheck();
  await threads.check();
  const threadsPreview = composer.getByRole("figure", { name: /^Vorschau für Threads/ });
  await expect(threadsPreview).toContainText(THIRD);
  await shootPreview(page, threadsPreview, "four-networks-threads-preview");
  await composer.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
  await expect(composer).toBeHidden();

  // Suggestion 3 again, as a two-post Mastodon thread under a content warning.
  await page.getByRole("button", { name: "Vorschlag 3 veröffentlichen" }).click();
  await facebook.uncheck();
  await mastodon.check();
  await composer.getByRole("checkbox", { name: "Als Thread" }).check();
  const reply = `Teil 2 (${run}): jeden Samstag ab 7 Uhr.`;
  await composer.getByLabel("Beitrag 2 von 2").fill(reply);
  const warning = `Spoiler ${run}: das Rezept`;
  await composer.getByLabel("Inhaltswarnung (optional)").fill(warning);
  const mastodonPreview = composer.getByRole("figure", { name: /^Vorschau für Mastodon/ });
  // Folded as Mastodon shows it: the warning, the text only after "Mehr anzeigen".
  await expect(mastodonPreview.getByTestId("mastodon-content-warning").first()).toContainText(warning);
  await expect(mastodonPreview).not.toContainText(reply);
  await shootPreview(page, mastodonPreview, "four-networks-mastodon-preview-folded");
  await mastodonPreview.getByRole("button", { name: "Mehr anzeigen" }).first().click();
  await expect(mastodonPreview).toContainText(reply);
  await shootPreview(page, mastodonPreview, "four-networks-mastodon-preview");
  await composer.getByRole("button", { name: "Thread veröffentlichen" }).click();
  await expect(composer).toBeHidden();

  // The plan: three sent by the queue, the Facebook post planned; the clock then sends it.
  await page.goto("/redaktionsplan?ansicht=liste");
  const planned = page.getByTestId("planned-post");
  await expect(planned).toHaveCount(4);
  await expect(planned.filter({ hasText: "Facebook · " })).toContainText("Geplant");
  await expect(async () => {
    await page.reload();
    for (const network of ["Instagram", "Threads", "Mastodon"])
      await expect(planned.filter({ hasText: `${network} · ` })).toContainText("Gesendet", { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  expect((await fakePosts(page, META_FAKE_URL)).some((post) => post.includes(FIRST))).toBe(false);
  const advanced = await page.request.post(`${E2E_CLOCK_URL}/advance?minutes=${24 * 60}`);
  expect(advanced.ok()).toBe(true);
  await page.reload();
  await expect(planned.filter({ hasText: "Gesendet" })).toHaveCount(4);
  await shoot(page, "four-networks-plan-list");
  // The week shows every card of the day, or two and "+2" when their times lie close together
  // (it depends on the clock): then the day's dialog lists all four.
  await page.goto(`/redaktionsplan?woche=${date}`);
  await shoot(page, "four-networks-plan-week");
  const more = page.getByRole("button", { name: /weitere Beiträge am/ });
  await expect(planned.filter({ hasText: "Facebook · " }).or(more).first()).toBeVisible();
  const week = (await more.isVisible()) ? page.getByRole("dialog") : page.getByRole("tabpanel", { name: "Woche" });
  if (await more.isVisible()) await more.click();
  await expect(week.getByTestId("planned-post")).toHaveCount(4);
  await expect(week.getByTestId("planned-post").filter({ hasText: "Facebook · " })).toContainText(`${time}Gesendet`);

  // What each fake received: text, account, image.
  const metaPosts = await fakePosts(page, META_FAKE_URL);
  const ofAccount = (text: string) => metaPosts.filter((post) => post.includes(text) && post.includes(metaAccount));
  expect(ofAccount(FIRST)).toHaveLength(1);
  expect(ofAccount(FIRST)[0]).toContain("1 Bild(er)");
  expect(ofAccount(SECOND)).toHaveLength(1);
  expect(ofAccount(SECOND)[0]).toContain("1 Bild(er)");
  const threadsPosts = (await fakePosts(page, THREADS_FAKE_URL)).filter((post) => post.includes(THIRD));
  expect(threadsPosts).toHaveLength(1);
  expect(threadsPosts[0]).toContain("1 Bild(er)");
  const mastodonPosts = await fakePosts(page, MASTODON_FAKE_URL);
  const first = mastodonPosts.filter((post) => post.includes(`CW: ${warning}\n${THIRD}`));
  expect(first).toHaveLength(1);
  expect(first[0]).toContain("1 Bild(er)");
  // A thread's reply keeps the warning, as Mastodon's own reply does.
  expect(mastodonPosts.filter((post) => post.includes(`CW: ${warning}\n${reply}`))).toHaveLength(1);
});
