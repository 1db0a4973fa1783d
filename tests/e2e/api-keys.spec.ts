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
