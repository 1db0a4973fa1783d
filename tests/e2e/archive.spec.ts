import { ARCHIVE_MESSAGES } from "#shared/archive.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { generateViaApi, scriptFake, unlockViaApi } from "./generator-api.ts";

// The archive (/archiv, spec section 2 "Archive screen", ADR 0014): three generations made
// through the API, then paging, filters, search, copy and delete as a user walks them.

test("a signed-out visitor of the archive is sent to /auth", async ({ page }) => {
  await page.goto("/archiv");
  await expect(page).toHaveURL(/\/auth\?returnUrl=%2Farchiv&anmelden=1$/);
});

test("the archive pages, filters, searches, copies and deletes the user's generations", async ({ page, clipboard }) => {
  test.setTimeout(90_000);
  await signUpConfirmed(page);
  await unlockViaApi(page);
  await scriptFake(
    page.request,
    { kind: "json", value: { posts: ["Zimtschnecken mit Kardamom.", "Frisch am Samstag.", "Bäckerei am Markt."] } },
    {
      kind: "json",
      value: { posts: ["Wanderschuhe im Test: leicht.", "Wanderschuhe für Kinder.", "Wanderschuhe pflegen."] },
    },
    { kind: "json", value: { posts: ["Teamevent am Freitag.", "Teamevent mit Grillen.", "Teamevent im Park."] } },
  );
  const runs = [
    { keyPoints: "Zimtschnecken am Samstag", platform: "twitter" },
    { keyPoints: "Wanderschuhe Herbst", platform: "facebook" },
    { keyPoints: "Teamevent Sommer", platform: "linkedin", language: "english" },
  ];
  for (const run of runs) expect((await generateViaApi(page, run)).body).toContain("event: done");

  await page.goto("/archiv");
  await expect(page.getByRole("heading", { name: "Archivierte Beiträge", level: 1 })).toBeVisible();
  const entries = page.getByTestId("archive-entry");
  await expect(page.getByText("3 Einträge")).toBeVisible();
  // ADR 0101: 20 entries a page, so all three on one.
  await expect(entries).toHaveCount(3);
  await expect(entries.first().getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();
  // ADR 0025: each entry says how it was made.
  await expect(entries.getByTestId("archive-provenance")).toHaveText(
    Array.from({ length: 3 }, () => "Erstellt mit KI · Modell fake-model (OpenAI-kompatibler Server)"),
  );
  await expect(entries.last().getByText("X (Twitter)")).toBeVisible();

  // Filters narrow the list.
  await page.getByLabel("Netzwerk").selectOption("linkedin");
  await expect(entries).toHaveCount(1);
  await expect(entries.first().getByText("Teamevent Sommer")).toBeVisible();
  await expect(page.getByText("1 Eintrag")).toBeVisible();
  await page.getByLabel("Sprache").selectOption("german");
  await expect(page.getByText("Keine archivierten Beiträge gefunden.")).toBeVisible();
  await page.getByLabel("Sprache").selectOption("all");
  await page.getByLabel("Netzwerk").selectOption("all");
  await expect(page.getByText("3 Einträge")).toBeVisible();

  // Search by a word of a post (not of the key points).
  await page.getByLabel("Archiv durchsuchen").fill("kardamom");
  await expect(page.getByText("1 Eintrag")).toBeVisible();
  await expect(entries.first().getByText("Zimtschnecken am Samstag")).toBeVisible();
  await entries.first().getByRole("button", { name: "Beitrag 1 kopieren" }).click();
  await expect(page.getByText(ARCHIVE_MESSAGES.copied)).toBeVisible();
  expect(await clipboard.readText()).toBe("Zimtschnecken mit Kardamom.");

  // ADR 0101: each post can be shared and opened in the optimizer.
  await expect(entries.first().getByRole("button", { name: "Beitrag 1 auf X teilen" })).toBeVisible();
  await expect(entries.first().getByRole("link", { name: "Beitrag 1 per E-Mail teilen" })).toBeVisible();
  await expect(entries.first().getByRole("button", { name: "Beitrag 1 im Optimizer öffnen" })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/archive-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Delete with confirmation: cancelling keeps it, confirming removes it.
  await entries.first().getByRole("button", { name: "Löschen" }).click();
  await page.getByRole("button", { name: "Abbrechen" }).click();
  await expect(entries).toHaveCount(1);
  await entries.first().getByRole("button", { name: "Löschen" }).click();
  await page.getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(page.getByText(ARCHIVE_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByText("Keine archivierten Beiträge gefunden.")).toBeVisible();
  await page.getByLabel("Archiv durchsuchen").fill("");
  await expect(page.getByText("2 Einträge")).toBeVisible();
});
