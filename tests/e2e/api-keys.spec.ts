import { E2E_BASE_URL } from "../../playwright.config.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// "API-Schlüssel" on /konto (ADR 0107): a key is created with scopes, shown once, works as a
// bearer on /api/v1 with exactly its scopes, is listed by its prefix only and can be revoked.

test("creates an API key that is shown once, works on /api/v1 and can be revoked", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpConfirmed(page);
  await page.goto("/konto");
  const card = page.getByRole("region", { name: "API-Schlüssel" });
  await card.getByLabel("Name des Schlüssels").fill("n8n");
  // Reading posts and figures, no writing: the key can do exactly that.
  await card.getByLabel(/Beiträge schreiben/).uncheck();
  await card.getByLabel(/Kennzahlen lesen/).check();
  await card.getByRole("button", { name: "Schlüssel erstellen" }).click();
  const shown = card.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^pw_live_/);
  const key = (await shown.textContent()) ?? "";
  await expect(card.getByRole("listitem").filter({ hasText: "n8n" })).toContainText(`${key.slice(0, 14)}…`);

  const answer = await page.request.get("/api/v1/accounts", { headers: { authorization: `Bearer ${key}` } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()["ratelimit-policy"]).toMatch(/^"per-key";q=\d+;w=60$/);
  const bearer = { authorization: `Bearer ${key}` };
  expect((await page.request.get("/api/v1/metrics", { headers: bearer })).status()).toBe(200);
  const write = await page.request.post("/api/v1/posts", { headers: bearer, data: { targets: [] } });
  expect(write.status()).toBe(403);
  expect((await page.request.post("/api/v1/nonexistent", { headers: bearer })).status()).toBe(404);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `test-results/api-keys-${width}.png` });
  }

  await page.reload();
  await expect(page.getByRole("region", { name: "API-Schlüssel" }).getByTestId("new-api-key")).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await page.getByRole("region", { name: "API-Schlüssel" }).getByRole("button", { name: "Widerrufen" }).click();
  await expect(page.getByText(/Widerrufen am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)).toBeVisible();
  const revoked = await page.request.get("/api/v1/accounts", { headers: { authorization: `Bearer ${key}` } });
  expect(revoked.status()).toBe(401);
});

test("says so when the keys cannot be loaded, instead of claiming there are none", async ({ page, consoleErrors }) => {
  await signUpConfirmed(page);
  const created = await page.request.post("/api/api-keys", {
    headers: { origin: E2E_BASE_URL },
    data: { name: "Skript", scopes: ["posts:read"], directScheduling: false },
  });
  expect(created.status()).toBe(201);
  let failing = true;
  await page.route("**/api/api-keys", (route) =>
    failing && route.request().method() === "GET"
      ? route.fulfill({ status: 503, json: { error: "Der Dienst ist gerade nicht erreichbar.", code: "UNAVAILABLE" } })
      : route.continue(),
  );
  await page.goto("/konto");
  const card = page.getByRole("region", { name: "API-Schlüssel" });
  await expect(card.getByRole("alert")).toContainText("Ihre API-Schlüssel konnten nicht geladen werden.");
  await expect(card.getByText("Sie haben noch keine API-Schlüssel.")).toHaveCount(0);
  failing = false;
  await card.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: "Skript" })).toBeVisible();
  await expect(card.getByRole("alert")).toHaveCount(0);
  // The browser's own note on the 503 this test staged is not an error of the page.
  const unexpected = consoleErrors.filter((text) => !text.includes("status of 503"));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
});
