import type { Page } from "@playwright/test";
import { BLUESKY_FAKE_URL, E2E_BASE_URL, E2E_CLOCK_URL, X_FAKE_URL } from "../../playwright.config.ts";
import { FAKE_BLUESKY_ACCOUNT } from "../mocks/bluesky-server.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { connectThroughConsentPage } from "./publishing-steps.ts";

// A thread in the Redaktionsplan (ADR 0066): created through the API (the optimizer's
// "Thread veröffentlichen" mounts PublishThreadButton), the X fake loses the answer to post 4, the
// plan shows "3 von 5 gesendet" and "Fortsetzen"; continuing looks post 4 up on X and sends post 5
// only. The e2e server's test clock (tests/support/e2e-server.ts) stands in for the waiting.

const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a thread stopped at post 4 shows '3 von 5 gesendet', and 'Fortsetzen' sends the rest once", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpConfirmed(page);
  await page.goto("/konto/verbundene-konten");
  await connectThroughConsentPage(page, "X");
  const connections = (await (await page.request.get("/api/connections")).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  const accountId = connections.networks.find((group) => group.network === "x")?.accounts[0]?.id ?? "";

  const run = Date.now().toString(36);
  const posts = [1, 2, 3, 4, 5].map((index) => `Faden ${run}, Teil ${index} von 5: Zimt, Kardamom und Geduld.`);
  // The answer to the fourth post is lost after X stored it.
  const fault = await page.request.post(`${X_FAKE_URL}/__fake/fault`, {
    data: { fault: { kind: "lost-response" }, route: "post", after: 3 },
  });
  expect(fault.ok()).toBe(true);
  const created = await page.request.post("/api/posts/threads", {
    headers: { origin: E2E_BASE_URL },
    data: { accountId, posts },
  });
  expect(created.status()).toBe(201);

  await page.goto("/redaktionsplan?ansicht=liste");
  const item = page.getByTestId("planned-post").filter({ hasText: `Faden ${run}` });
  await expect(async () => {
    await page.reload();
    await expect(item).toContainText("Unbestätigt", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(item).toContainText("Thread · 5 Beiträge · 3 von 5 gesendet");
  await shoot(page, "thread-redaktionsplan");

  await item.click();
  const details = page.getByRole("dialog", { name: /^Thread für X/ });
  await expect(details.getByTestId("thread-progress")).toHaveText("3 von 5 gesendet");
  const states = details.getByTestId("thread-post");
  await expect(states).toHaveCount(5);
  for (const [index, label] of ["Gesendet", "Gesendet", "Gesendet", "Unbestätigt", "Ausstehend"].entries())
    await expect(states.nth(index)).toContainText(label);
  await expect(details.getByText(/Mit „Fortsetzen“ sieht Postwerk in Ihrem Konto nach/)).toBeVisible();
  await shoot(page, "thread-dialog");

  await details.getByRole("button", { name: "Fortsetzen" }).click();
  await expect(page.getByText("Thread wird fortgesetzt.")).toBeVisible();
  await expect(details).toBeHidden();
  // Post 4 is looked up once its attempt can no longer be on its way (2 minutes).
  await page.request.post(`${E2E_CLOCK_URL}/advance?minutes=3`);
  await page.reload();
  await expect(item).toContainText("Gesendet");
  await item.click();
  await expect(details.getByTestId("thread-progress")).toHaveText("5 von 5 gesendet");
  await expect(details.getByRole("button", { name: "Fortsetzen" })).toHaveCount(0);

  const xPage = await (await page.request.get(`${X_FAKE_URL}/`)).text();
  for (const text of posts) expect(xPage.split(text).length - 1).toBe(1);
});

test("the optimizer's 'Thread veröffentlichen' sends the thread to X as a chain, each post once", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpConfirmed(page);
  await page.goto("/konto/verbundene-konten");
  await connectThroughConsentPage(page, "X");

  const run = Date.now().toString(36);
  const posts = [1, 2, 3].map((index) => `Optimizer-Faden ${run}, Teil ${index}: Zimt, Kardamom und Geduld.`);
  await page.goto("/xposter-evaluator");
  await page.getByRole("textbox", { name: "Dein Post" }).fill(posts.join("\n\n"));
  await page.getByRole("button", { name: "Thread", exact: true }).click();
  await page.getByRole("button", { name: "Thread veröffentlichen" }).click();

  const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
  await expect(composer.getByRole("region", { name: "Beiträge des Threads" }).getByRole("textbox")).toHaveCount(3);
  await shoot(page, "thread-composer");
  await composer.getByRole("button", { name: "Thread veröffentlichen" }).click();
  await expect(composer).toBeHidden();

  await expect
    .poll(async () => {
      const xPage = await (await page.request.get(`${X_FAKE_URL}/`)).text();
      return posts.map((text) => xPage.split(text).length - 1);
    })
    .toEqual([1, 1, 1]);
});

test("a Bluesky thread whose answer to post 2 was lost is continued from the plan, each post once (ADR 0088)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpConfirmed(page);
  const connected = await page.request.post("/api/connections/bluesky/app-password", {
    headers: { origin: E2E_BASE_URL },
    data: { identifier: FAKE_BLUESKY_ACCOUNT.handle, appPassword: FAKE_BLUESKY_ACCOUNT.appPassword },
  });
  expect(connected.status()).toBe(201);
  const { accountId } = (await connected.json()) as { accountId: string };

  const run = Date.now().toString(36);
  const posts = [1, 2, 3].map((index) => `Himmelsfaden ${run}, Teil ${index} von 3: Franzbrötchen am Samstag.`);
  const fault = await page.request.post(`${BLUESKY_FAKE_URL}/__fake/fault`, {
    data: { fault: { kind: "lost-response" }, route: "post", after: 1 },
  });
  expect(fault.ok()).toBe(true);
  const created = await page.request.post("/api/posts/threads", {
    headers: { origin: E2E_BASE_URL },
    data: { accountId, posts },
  });
  expect(created.status()).toBe(201);

  await page.goto("/redaktionsplan?ansicht=liste");
  const item = page.getByTestId("planned-post").filter({ hasText: `Himmelsfaden ${run}` });
  await expect(async () => {
    await page.reload();
    await expect(item).toContainText("Unbestätigt", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(item).toContainText("Thread · 3 Beiträge · 1 von 3 gesendet");
  await shoot(page, "bluesky-thread-redaktionsplan");

  await item.click();
  const details = page.getByRole("dialog", { name: /^Thread für Bluesky/ });
  const states = details.getByTestId("thread-post");
  for (const [index, label] of ["Gesendet", "Unbestätigt", "Ausstehend"].entries())
    await expect(states.nth(index)).toContainText(label);
  await details.getByRole("button", { name: "Fortsetzen" }).click();
  await expect(details).toBeHidden();
  await page.request.post(`${E2E_CLOCK_URL}/advance?minutes=3`);
  await page.reload();
  await expect(item).toContainText("Gesendet");
  await item.click();
  await expect(details.getByTestId("thread-progress")).toHaveText("3 von 3 gesendet");

  const blueskyPage = await (await page.request.get(`${BLUESKY_FAKE_URL}/`)).text();
  for (const text of posts) expect(blueskyPage.split(text).length - 1).toBe(1);
});
