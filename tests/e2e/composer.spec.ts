import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { FAKE_BLUESKY_ACCOUNT } from "../mocks/bluesky-server.ts";
import { jpegOfSize } from "../support/images.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { connectBluesky, connectThroughConsentPage } from "./publishing-steps.ts";

// "Neuer Beitrag" (ADR 0086): a text of one's own to X and Bluesky with an image and its
// description, from the Redaktionsplan by the key "n", with both previews, planned; the plan shows
// it and the API has the description. Once at a desktop's width and once at a phone's.

const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

async function violations(page: Page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((violation) => ({
    rule: violation.id,
    elements: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

for (const width of [1280, 390]) {
  test(`at ${width} px: 'n' opens the composer; a text with image and description is planned for X and Bluesky`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signUpConfirmed(page);
    await connectBluesky(page);
    await connectThroughConsentPage(page, "X");

    await page.goto("/redaktionsplan");
    const button = page.getByRole("button", { name: "Neuer Beitrag" });
    await expect(button).toHaveAttribute("aria-keyshortcuts", "n");
    // Typing "n" in a field does not open it.
    await page.getByRole("combobox").first().focus();
    await page.keyboard.press("n");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("n");
    const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
    await expect(composer).toBeVisible();

    await composer.getByRole("checkbox", { name: /^X · / }).check();
    await composer.getByRole("checkbox", { name: /^Bluesky · / }).check();
    const run = Date.now().toString(36);
    const text = `Eigener Beitrag ${run}\nmit Zeilenumbruch und Bild.`;
    await composer.getByLabel("Text", { exact: true }).fill(text);
    await expect(composer.getByTestId("counter-x")).toContainText(`${text.length} / 280 Zeichen`);
    await expect(composer.getByTestId("counter-bluesky")).toContainText(`${text.length} / 300 Zeichen`);

    await composer.locator('input[type="file"]').setInputFiles({
      name: "hafen.jpg",
      mimeType: "image/jpeg",
      buffer: await jpegOfSize(800, 600),
    });
    await expect(composer.getByTestId("composer-thumbnail")).toBeVisible();
    await expect(composer.getByTestId("alt-missing")).toBeVisible();
    const alt = `Ein Leuchtturm im Abendlicht ${run}`;
    await composer.getByLabel("Bildbeschreibung (Alternativtext)").fill(alt);
    await expect(composer.getByTestId("alt-missing")).toHaveCount(0);

    const xPreview = composer.getByRole("figure", { name: /^Vorschau für X/ });
    const blueskyPreview = composer.getByRole("figure", {
      name: `Vorschau für Bluesky (${FAKE_BLUESKY_ACCOUNT.handle})`,
    });
    await expect(xPreview).toContainText(`Eigener Beitrag ${run}`);
    await expect(blueskyPreview).toContainText("mit Zeilenumbruch und Bild.");
    await expect(xPreview.getByRole("img", { name: alt })).toBeVisible();
    await expect(blueskyPreview.getByRole("img", { name: alt })).toBeVisible();

    await composer.getByRole("radio", { name: "Planen" }).check();
    const date = await composer.getByLabel("Datum").inputValue();
    const time = await composer.getByLabel("Uhrzeit (Berlin)").inputValue();
    expect(await violations(page)).toEqual([]);
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/composer-${width}.png` });
      await blueskyPreview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/composer-${width}-previews.png` });
    }
    await composer.getByRole("button", { name: "Planen", exact: true }).click();
    const [year, month, day] = date.split("-");
    await expect(page.getByText(`Beitrag geplant für ${day}.${month}.${year} ${time}.`)).toBeVisible();
    await expect(composer).toBeHidden();

    // The list shows both posts as cards at every width (a phone's week shows posts at the same
    // time as one card with "+1", ADR 0089).
    await page.goto(`/redaktionsplan?ansicht=liste&woche=${date}`);
    const planned = page.getByTestId("planned-post").filter({ hasText: `Eigener Beitrag ${run}` });
    await expect(planned).toHaveCount(2);
    await expect(planned.filter({ hasText: "X · " })).toContainText("Geplant");
    await expect(planned.filter({ hasText: "Bluesky · " })).toContainText("Geplant");

    const { posts } = (await (await page.request.get("/api/posts")).json()) as { posts: PublicationView[] };
    const ours = posts.filter((post) => post.text === text);
    expect(ours.map((post) => post.network).sort()).toEqual(["bluesky", "x"]);
    for (const post of ours) {
      expect(post.imageAlt).toBe(alt);
      expect(post.imageUrl).toMatch(/^\/uploads\/social-images\/.+\.jpg$/);
    }
  });
}

test("a text in the composer is a draft: it survives a reload, opens from 'Entwürfe' and is gone once planned", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpConfirmed(page);
  await connectBluesky(page);
  await page.goto("/redaktionsplan");
  await page.getByRole("button", { name: "Neuer Beitrag" }).click();
  const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
  await composer.getByRole("checkbox", { name: /^Bluesky · / }).check();
  const run = Date.now().toString(36);
  const text = `Entwurf aus dem Composer ${run}`;
  await composer.getByLabel("Text", { exact: true }).fill(text);
  await expect(composer.getByTestId("draft-save-status")).toHaveText("Gespeichert");

  await page.reload();
  const draft = page.getByTestId("draft").filter({ hasText: text });
  await expect(draft).toContainText("Bluesky · ");
  await draft.getByRole("button", { name: /^Öffnen/ }).click();
  const reopened = page.getByRole("dialog", { name: "Neuer Beitrag" });
  await expect(reopened.getByLabel("Text", { exact: true })).toHaveValue(text);
  await expect(reopened.getByRole("checkbox", { name: /^Bluesky · / })).toBeChecked();
  await reopened.getByLabel("Text", { exact: true }).fill(`${text}, fertig`);

  await reopened.getByRole("button", { name: "In nächsten freien Slot" }).click();
  await expect(reopened.getByText("Für dieses Konto sind keine Sendezeiten hinterlegt.")).toBeVisible();
  await reopened.getByRole("radio", { name: "Planen" }).check();
  await reopened.getByRole("button", { name: "Planen", exact: true }).click();
  await expect(reopened).toBeHidden();
  await expect(page.getByTestId("draft").filter({ hasText: text })).toHaveCount(0);
  const { posts } = (await (await page.request.get("/api/posts")).json()) as { posts: PublicationView[] };
  expect(posts.filter((post) => post.text === `${text}, fertig`)).toHaveLength(1);
  const { drafts } = (await (await page.request.get("/api/drafts")).json()) as { drafts: unknown[] };
  expect(drafts).toEqual([]);
});
