import { expect, signUpConfirmed, test } from "./fixtures.ts";

test("the server's HTML for / carries the header, title and description before any JavaScript", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain("<title>postwerk-content-creator</title>");
  expect(html).toMatch(/<meta name="description" content="Postwerk schreibt mit KI/);
  for (const text of ["Funktionen", "X-Post Optimizer", "Preise", "FAQ", "Kontakt", `© ${new Date().getFullYear()}`]) {
    expect(html).toContain(text);
  }
});

test("the header highlights the active link and the footer offers the cookie settings", async ({ page }) => {
  await page.goto("/faq");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");
  await expect(banner.getByRole("link", { name: "Preise" })).not.toHaveAttribute("aria-current", "page");
  await expect(banner.getByRole("link", { name: "X-Post Optimizer" })).toHaveClass(/font-bold/);
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-Einstellungen" }).click();
  await expect(page.getByRole("dialog", { name: "Cookie-Einstellungen" })).toBeVisible();
});

test("an unknown path shows the not-found page with both buttons", async ({ page }) => {
  await page.goto("/");
  await page.goto("/gibt-es-nicht");
  await expect(page.getByRole("heading", { name: "Seite nicht gefunden" })).toBeVisible();
  await page.getByRole("button", { name: "Zurück" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/noch-eine-falsche-seite");
  await page.getByRole("link", { name: "Zur Startseite", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

// Issue 17: the marketing pages load the auth client only for a browser with the signed-in hint,
// which the server sets with the session cookie.
test("a signed-out visitor's home page shows 'Anmelden' without the auth client; a signed-in user's shows the account", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByRole("banner").getByRole("link", { name: "Anmelden" })).toBeVisible();
  expect(scripts.filter((url) => /auth-client|header-account|session-effects|sonner/.test(url))).toEqual([]);

  await signUpConfirmed(page);
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("banner").getByLabel(/^Credits:/)).toBeVisible();
});
