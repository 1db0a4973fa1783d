import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { BLUESKY_FAKE_URL, E2E_BASE_URL } from "../../playwright.config.ts";
import { expect, signUpAndOpenOptimizer, signUpConfirmed, test } from "./fixtures.ts";
import { connectBluesky } from "./publishing-steps.ts";

// Drafts (ADR 0084): what is typed in the optimizer survives leaving the page, coming back and a
// reload; a save that could not reach the server is offered back after a reload; a failed post is
// duplicated into the drafts of the Redaktionsplan.

const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

async function shoot(page: Page, name: string, heading = "Entwürfe") {
  if (!SCREENSHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("heading", { name: heading, exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("leaving the optimizer right after typing stays left: the first save's late answer does not bring the user back", async ({
  page,
}) => {
  await signUpAndOpenOptimizer(page);
  // The first save answers only once the next page is on screen, as on a slow connection.
  let releaseSave: () => void = () => undefined;
  const saveHeld = new Promise<void>((resolve) => {
    releaseSave = resolve;
  });
  await page.route("**/api/drafts", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await saveHeld;
    await route.fallback();
  });
  await page.getByRole("textbox", { name: "Dein Post" }).fill("Gleich weg, der Text bleibt trotzdem.");
  await page.getByRole("contentinfo").getByRole("link", { name: "Verträge hier kündigen" }).click();
  await expect(page.getByLabel("Ihr Name")).toBeVisible();
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/drafts") && response.status() === 201);
  releaseSave();
  await saved;
  // The draft is saved, and the page the user chose stays.
  await expect(page.getByLabel("Ihr Name")).toBeVisible();
  await expect(page).toHaveURL(/\/kuendigen$/);
  await page.goto("/xposter-evaluator");
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue("Gleich weg, der Text bleibt trotzdem.");
});

test("the optimizer's text and thread survive leaving the page, coming back and reloading", async ({ page }) => {
  await signUpAndOpenOptimizer(page);
  const status = page.getByTestId("draft-save-status");
  const text = "Frische Brezeln ab 7 Uhr, der Sauerteig ruht seit gestern.";
  await page.getByRole("textbox", { name: "Dein Post" }).fill(text);
  await expect(status).toHaveText("Gespeichert");
  await expect(page).toHaveURL(/\?entwurf=[0-9a-f-]{36}/);

  // Away through the app's own links, and back by the header's link (no draft in the address).
  await page.getByRole("link", { name: "Zur Startseite", exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await page.goto("/xposter-evaluator");
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue(text);

  await page.reload();
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue(text);

  // The thread mode saves its posts into the same draft.
  await page.getByRole("button", { name: "Thread", exact: true }).click();
  const thread = page.getByRole("textbox", { name: "Dein Thread" });
  await thread.fill("Erster Post über Brezeln.\n\nZweiter Post über Laugen.");
  await expect(status).toHaveText("Gespeichert");
  await page.reload();
  await expect(page.getByRole("button", { name: "Thread", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("textbox", { name: "Dein Thread" })).toHaveValue(
    "Erster Post über Brezeln.\n\nZweiter Post über Laugen.",
  );

  // "Neuer Entwurf": the thread stays a draft, the editor starts empty.
  await page.getByRole("button", { name: "Neuer Entwurf" }).click();
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue("");
  await page.getByRole("textbox", { name: "Dein Post" }).fill("Ein zweiter Gedanke.");
  await expect(status).toHaveText("Gespeichert");

  // Both in the Redaktionsplan's drafts; the thread opens in the optimizer again.
  await page.getByRole("navigation", { name: "Arbeitsbereich" }).getByRole("link", { name: "Redaktionsplan" }).click();
  const drafts = page.getByTestId("draft");
  await expect(drafts).toHaveCount(2);
  await expect(drafts.first()).toContainText("Ein zweiter Gedanke.");
  await expect(drafts.nth(1)).toContainText("Optimizer-Thread");
  await expect(drafts.nth(1)).toContainText("Thread · 2 Beiträge");
  await drafts
    .nth(1)
    .getByRole("button", { name: /^Öffnen/ })
    .click();
  await expect(page.getByRole("textbox", { name: "Dein Thread" })).toHaveValue(
    "Erster Post über Brezeln.\n\nZweiter Post über Laugen.",
  );
});

test("a text the server never got is offered back in the next tab", async ({ page, context }) => {
  await signUpAndOpenOptimizer(page);
  await page.getByRole("textbox", { name: "Dein Post" }).fill("Schon gespeichert.");
  await expect(page.getByTestId("draft-save-status")).toHaveText("Gespeichert");

  // Another tab loses its connection to the server: its change stays in this browser only, and
  // then the tab dies. (Its own console shows the failed requests; it is not the page under test.)
  const lost = await context.newPage();
  await lost.route("**/api/drafts/**", (route) =>
    route.request().method() === "PUT" ? route.abort() : route.continue(),
  );
  await lost.goto("/xposter-evaluator");
  const lostEditor = lost.getByRole("textbox", { name: "Dein Post" });
  await expect(lostEditor).toHaveValue("Schon gespeichert.");
  await lostEditor.fill("Schon gespeichert. Und dieser Satz ging nicht durch.");
  await expect(lost.getByTestId("draft-save-status")).toHaveText("Nicht gespeichert – wir versuchen es erneut");

  await page.reload();
  await expect(page.getByText("Nicht gespeicherten Entwurf wiederherstellen?")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue("Schon gespeichert.");
  const { violations } = await new AxeBuilder({ page }).include("#tool").analyze();
  expect(violations).toEqual([]);
  await shoot(page, "optimizer-restore", "Dein Post");
  await page.getByRole("button", { name: "Wiederherstellen" }).click();
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue(
    "Schon gespeichert. Und dieser Satz ging nicht durch.",
  );
  await expect(page.getByTestId("draft-save-status")).toHaveText("Gespeichert");
  await lost.close();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Dein Post" })).toHaveValue(
    "Schon gespeichert. Und dieser Satz ging nicht durch.",
  );
  await expect(page.getByText("Nicht gespeicherten Entwurf wiederherstellen?")).toHaveCount(0);
});

test("a failed post is duplicated into the drafts of the Redaktionsplan", async ({ page }) => {
  await signUpConfirmed(page);
  await connectBluesky(page);
  const connections = (await (await page.request.get("/api/connections")).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  const accountId = connections.networks.find((entry) => entry.network === "bluesky")?.accounts[0]?.id;
  const run = Date.now().toString(36);
  const text = `Brezel-Aktion ${run}: heute zwei zum Preis von einer.`;
  // Bluesky refuses the call and the refresh: the connection counts as ended, the post fails.
  const fault = await page.request.post(`${BLUESKY_FAKE_URL}/__fake/fault`, {
    data: { fault: { kind: "unauthorized" }, route: "any", times: 3 },
  });
  expect(fault.ok()).toBe(true);
  const created = await page.request.post("/api/posts", {
    headers: { origin: E2E_BASE_URL },
    data: { targets: [{ accountId, text }] },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/redaktionsplan?ansicht=liste");
  const post = page.getByTestId("planned-post").filter({ hasText: `Brezel-Aktion ${run}` });
  await expect(async () => {
    await page.reload();
    await expect(post).toContainText("Fehlgeschlagen", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const drafts = page.getByTestId("draft");
  await expect(page.getByText("Noch keine Entwürfe.")).toBeVisible();

  await post.click();
  const details = page.getByRole("dialog", { name: /^Beitrag für Bluesky/ });
  await expect(details.getByRole("button", { name: "Als Entwurf bearbeiten" })).toBeVisible();
  await details.getByRole("button", { name: "Duplizieren" }).click();
  await expect(page.getByText("Entwurf gespeichert")).toBeVisible();
  await expect(drafts).toHaveCount(1);
  await expect(drafts.first()).toContainText(text);
  await expect(drafts.first()).toContainText("Beitrag");
  await expect(drafts.first()).toContainText(/Zuletzt geändert \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  // The post stays as it was.
  await expect(post).toContainText("Fehlgeschlagen");

  // Filters: the network of its account, not another.
  await page.getByLabel("Netzwerk").selectOption("x");
  await expect(page.getByText("Keine Entwürfe für diese Auswahl.")).toBeVisible();
  await page.getByLabel("Netzwerk").selectOption("bluesky");
  await expect(drafts).toHaveCount(1);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
  await shoot(page, "drafts-panel");

  // "Als Entwurf bearbeiten": a second draft, and the post ends as taken over.
  await post.click();
  await details.getByRole("button", { name: "Als Entwurf bearbeiten" }).click();
  await expect(drafts).toHaveCount(2);
  await expect(post).toContainText("Als Entwurf übernommen");
});
