import { PRERENDERED_PATHS, ROUTES } from "#shared/routes.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

test("the server's HTML for / carries the header, title and description before any JavaScript", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain("<title>Postwerk</title>");
  expect(html).toMatch(/<meta name="description" content="Postwerk schreibt mit KI/);
  for (const text of [
    "Funktionen",
    "X-Post Optimizer",
    "Preise",
    "FAQ",
    "Kontakt",
    `© 2025–${new Date().getFullYear()} Postwerk`,
  ]) {
    expect(html).toContain(text);
  }
});

test("every public page's content sits in place in its own Suspense boundary, which hydrates after the shell", async ({
  request,
}) => {
  for (const pathname of PRERENDERED_PATHS) {
    const html = await (await request.get(pathname)).text();
    expect(html, pathname).toContain('<main id="inhalt" class="flex-1"><!--$-->');
    // React's default moves a large boundary to the end of the document and swaps it in by script.
    expect(html, pathname).not.toContain('<template id="B:');
    expect(html, pathname).not.toContain("$RC(");
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
  const response = await page.goto("/gibt-es-nicht");
  // A real 404, not the app shell with 200, and the page is there before JavaScript.
  expect(response?.status()).toBe(404);
  expect(await response?.text()).toContain("Seite nicht gefunden");
  await expect(page.getByRole("heading", { name: "Seite nicht gefunden" })).toBeVisible();
  await page.getByRole("button", { name: "Zurück" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/noch-eine-falsche-seite");
  await page.getByRole("link", { name: "Zur Startseite", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("llms.txt lists the public pages, each of which is there as Markdown", async ({ request }) => {
  const llmsTxt = await (await request.get("/llms.txt")).text();
  expect(llmsTxt).toMatch(/^# Postwerk\n\n> /);
  const links = [...llmsTxt.matchAll(/\]\((\/[^)]+\.md)\)/g)].map((match) => match[1] ?? "");
  expect(links).toContain("/preise.md");
  for (const link of links) {
    const markdown = await request.get(link);
    expect(markdown.status(), link).toBe(200);
    expect(markdown.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  }
  expect(await (await request.get("/preise.md")).text()).toMatch(/### Pro\n\n24,99\s€/);
});

// The marketing pages load the auth client only for a browser with the signed-in hint,
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
  await expect(page.getByRole("banner").getByRole("link", { name: "Konto", exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Anmelden" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByLabel(/^Credits:/)).toBeVisible();
});

// ADR 0035: React Router's entry, its route manifest, Rolldown's runtime, the shell, the root
// route, the home page and what it shares with other pages (its icons included): no file per icon.
test("a first visit to / loads its JavaScript in at most seven files", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  await page.goto("/", { waitUntil: "networkidle" });
  expect(scripts.length, scripts.join("\n")).toBeLessThanOrEqual(7);
});

test("the prerendered header offers 'Anmelden' before any JavaScript, except in a signed-in browser", async ({
  page,
}) => {
  // A page without the fixture's wait for hydration, our scripts blocked: the first paint alone.
  const bare = await page.context().newPage();
  await bare.route("**/assets/*.js", (route) => route.abort());
  await bare.goto("/funktionen");
  await expect(bare.getByRole("banner").getByRole("link", { name: "Anmelden" }).first()).toBeVisible();
  await bare.context().addCookies([{ name: "postwerk.signed_in", value: "1", url: bare.url() }]);
  await bare.reload();
  await expect(bare.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bare.getByRole("banner").getByRole("link", { name: "Anmelden" })).toHaveCount(0);
  await bare.close();
});

// ADR 0100: every page has a German title of its own in the browser tab, "<Seite> – Postwerk"
// (the home page the site title alone), never the spec's slug "postwerk-content-creator". Seen by
// the admin, so no page sends the visitor elsewhere before its title is set.
test("every route of shared/routes.ts has its own German tab title", async ({ page, admin }) => {
  expect(admin.email).toBeTruthy();
  const titles = new Map<string, string>();
  for (const path of Object.values(ROUTES)) {
    await page.goto(path);
    await expect(page.locator("main").first()).toBeVisible();
    // The pages that finish something (callback, e-mail confirmation) may move on; the title is
    // read where the route itself stands.
    await expect
      .poll(async () => (new URL(page.url()).pathname === path ? page.title() : "(weitergeleitet)"), {
        message: path,
      })
      .toMatch(path === ROUTES.home ? /^Postwerk$/ : /^[^|]{2,}[^\s|] – Postwerk$|^\(weitergeleitet\)$/);
    const title = await page.title();
    expect(title, path).not.toMatch(/content-creator|\|/);
    if (new URL(page.url()).pathname === path) titles.set(path, title);
  }
  // Each page's title is its own (the callback may redirect before it is read).
  expect(new Set(titles.values()).size, JSON.stringify([...titles])).toBe(titles.size);
});
