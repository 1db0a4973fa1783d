import fs from "node:fs/promises";
import { E2E_CLOCK_URL } from "../../playwright.config.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { unlockViaApi } from "./generator-api.ts";
import { connectBluesky, connectThroughConsentPage, generateWithImage } from "./publishing-steps.ts";

// The figures of sent posts (ADR 0104–0106) in the browser: a generator run's three suggestions
// sent now to X and Bluesky through the fakes (tests/mocks), the metrics schedule run on the e2e
// server's test clock after its first round (tests/support/e2e-server.ts, `/metrics`), and what the
// fakes answered at a post's first read (fakeFigures: 3 likes, 1 repost, 1 reply, 0 quotes,
// 1 bookmark; views 100 on X only) in the plan's dialog, on the archive's card, on /erfolg and in
// the CSV download.

test("sent posts show their figures in the plan, the archive, on /erfolg and in the CSV", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpConfirmed(page);
  await unlockViaApi(page);
  await connectBluesky(page);
  await connectThroughConsentPage(page, "X");
  await generateWithImage(page, "twitter");

  // X refuses a text it already has (other specs post there too): each run's texts are its own.
  const run = Date.now();
  const texts = [1, 2, 3].map((number) => `Kennzahlen ${run}/${number}: Zimtschnecken mit Kardamom am Samstag`);
  const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
  for (const [index, text] of texts.entries()) {
    await page.getByRole("button", { name: `Vorschlag ${index + 1} veröffentlichen` }).click();
    await expect(composer.getByRole("checkbox", { name: /^X · / })).toBeChecked();
    await composer.getByRole("checkbox", { name: /^Bluesky · / }).check();
    await composer.getByLabel("Text", { exact: true }).fill(text);
    await composer.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
    await expect(composer).toBeHidden();
  }

  // Sent: the clock's queue sends what is due now (the worker may have been first).
  await page.goto("/redaktionsplan?ansicht=liste");
  const ours = page.getByTestId("planned-post").filter({ hasText: `Kennzahlen ${run}/` });
  await expect(async () => {
    expect((await page.request.post(`${E2E_CLOCK_URL}/advance?minutes=0`)).ok()).toBe(true);
    await page.reload();
    await expect(ours.filter({ hasText: "Gesendet" })).toHaveCount(6, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // Before the first round the dialog says when figures come.
  await ours
    .filter({ hasText: "X · " })
    .filter({ hasText: texts[0] ?? "" })
    .click();
  const xDialog = page.getByRole("dialog", { name: /^Beitrag für X/ });
  await expect(xDialog.getByRole("region", { name: "Kennzahlen" })).toContainText(
    "Die ersten Zahlen kommen etwa 15 Minuten nach dem Senden.",
  );
  await page.keyboard.press("Escape");
  await expect(xDialog).toBeHidden();

  // The schedule's run 16 minutes on: the first round of all six.
  const collected = await page.request.post(`${E2E_CLOCK_URL}/metrics?minutes=16`);
  expect(collected.ok()).toBe(true);
  expect(((await collected.json()) as { snapshots: number }).snapshots).toBeGreaterThanOrEqual(6);

  // The plan: the X post's dialog shows what X answered, views included.
  await page.reload();
  await ours
    .filter({ hasText: "X · " })
    .filter({ hasText: texts[0] ?? "" })
    .click();
  const xFigures = xDialog.getByRole("region", { name: "Kennzahlen" });
  for (const figure of ["Likes3", "Reposts1", "Antworten1", "Zitate0", "Lesezeichen1", "Aufrufe100"])
    await expect(xFigures).toContainText(figure);
  await expect(xFigures).toContainText(/Stand \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await page.keyboard.press("Escape");
  // Bluesky reports no views: none shown, none made up.
  await ours
    .filter({ hasText: "Bluesky · " })
    .filter({ hasText: texts[0] ?? "" })
    .click();
  const blueskyFigures = page.getByRole("dialog", { name: /^Beitrag für Bluesky/ }).getByRole("region", {
    name: "Kennzahlen",
  });
  await expect(blueskyFigures).toContainText("Likes3");
  await expect(blueskyFigures).not.toContainText("Aufrufe");
  await page.keyboard.press("Escape");

  // The archive: the run's card shows the figures of each of its six sent posts.
  await page.getByRole("navigation", { name: "Arbeitsbereich" }).getByRole("link", { name: "Archiv" }).click();
  const card = page.getByTestId("archive-entry").first();
  await expect(card.getByTestId("archive-publishing")).toHaveText("Gesendet");
  const cardFigures = card.getByTestId("archive-figures");
  await expect(cardFigures.getByRole("region", { name: /^X · .* · gesendet / })).toHaveCount(3);
  await expect(cardFigures.getByRole("region", { name: /^Bluesky · .* · gesendet / })).toHaveCount(3);
  for (const region of await cardFigures.getByRole("region", { name: /^X · / }).all()) {
    await expect(region).toContainText("Likes3");
    await expect(region).toContainText("Aufrufe100");
  }

  // /erfolg: six posts with figures are enough for the report; the X posts lead (they have a rate).
  await page.getByRole("navigation", { name: "Arbeitsbereich" }).getByRole("link", { name: "Erfolg" }).click();
  const best = page.getByRole("region", { name: "Beste Beiträge" }).getByRole("listitem");
  await expect(best).toHaveCount(5);
  await expect(best.filter({ hasText: texts[0] ?? "" }).filter({ hasText: /^X · / })).toContainText(
    "6 Interaktionen · Interaktionsrate 6,0 %",
  );
  await expect(page.getByRole("row", { name: /^X · / })).toContainText("3");

  // The CSV download: a row per post with the figures as the dialog showed them.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Als CSV herunterladen" }).click();
  const file = await (await download).path();
  const csv = await fs.readFile(file, "utf8");
  expect(
    csv.startsWith("\uFEFFGesendet am;Netzwerk;Konto;Text;Likes;Reposts;Antworten;Zitate;Lesezeichen;Aufrufe;"),
  ).toBe(true);
  const lines = csv.split("\r\n");
  expect(lines.filter((line) => line.includes(`Kennzahlen ${run}/`))).toHaveLength(6);
  const xLine = lines.find((line) => line.includes(";X;") && line.includes(texts[0] ?? "-"));
  expect(xLine).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};X;/);
  // The figures, then the page's groupings: characters, hashtags, image, the generator run's tone.
  const characters = [...(texts[0] ?? "")].length;
  expect(xLine?.slice(xLine.indexOf(texts[0] ?? "-"))).toBe(
    `${texts[0]};3;1;1;0;1;100;6;6;${characters};0;ja;Freundlich;`,
  );
});
