import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";

const SITE_TITLE = "Postwerk";

// Every public route with the main heading the server must send before any JavaScript runs
// (ADR 0016). /kontakt and the optimizer's heading come from their own parts.
const PUBLIC_PAGES = [
  { path: "/", heading: "Social-Media-Beiträge, die ankommen – in Sekunden statt Stunden", title: SITE_TITLE },
  {
    path: "/funktionen",
    heading: "Schreiben, verbessern, planen: alles für Ihren Social-Media-Alltag",
    title: "Funktionen",
  },
  { path: "/xposter-evaluator", heading: "X-Post Optimizer", title: "X-Post Optimizer" },
  { path: "/preise", heading: "Einfache Preise für Ihren Social-Media-Alltag", title: "Preise" },
  { path: "/faq", heading: "Häufig gestellte Fragen", title: "FAQ" },
  { path: "/ueber-uns", heading: "Über den X-Post Optimizer", title: "Über uns" },
  { path: "/kontakt", heading: "Kontakt", title: "Kontakt" },
  { path: "/datenschutz", heading: "Datenschutzerklärung", title: "Datenschutzerklärung" },
  { path: "/agb", heading: "Allgemeine Geschäftsbedingungen", title: "AGB" },
  { path: "/impressum", heading: "Impressum", title: "Impressum" },
];

// The cookie dialog of a first visit would cover the page under test.

function decodeHtml(html: string): string {
  return html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&")
    .trim();
}

function readHead(html: string) {
  const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => decodeHtml(match[1] ?? ""));
  const title = decodeHtml(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? "");
  const description = decodeHtml(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "");
  return { headings, title, description };
}

test("every public page's HTML carries its one main heading, its own title and its own description before JavaScript", async ({
  request,
}) => {
  const home = readHead(await (await request.get("/")).text());
  const descriptions = new Set<string>();
  for (const page of PUBLIC_PAGES) {
    const response = await request.get(page.path);
    expect(response.status(), page.path).toBe(200);
    const { headings, title, description } = readHead(await response.text());
    expect(headings, page.path).toEqual([page.heading]);
    expect(title, page.path).toBe(page.path === "/" ? SITE_TITLE : `${page.title} – ${SITE_TITLE}`);
    expect(description.length, page.path).toBeGreaterThan(50);
    if (page.path !== "/") expect(description, `${page.path} has its own description`).not.toBe(home.description);
    descriptions.add(description);
  }
  expect(descriptions.size).toBe(PUBLIC_PAGES.length);
});

test("/privacy and /terms lead to the German privacy policy and terms", async ({ request }) => {
  for (const [alias, target] of [
    ["/privacy", "/datenschutz"],
    ["/terms", "/agb"],
  ] as const) {
    const response = await request.get(alias, { maxRedirects: 0 });
    expect([301, 302, 307, 308], alias).toContain(response.status());
    expect(new URL(response.headers().location ?? "", "http://x").pathname, alias).toBe(target);
  }
});

test("the FAQ names the tones and languages and keeps one answer open at a time across all groups", async ({
  page,
  request,
}) => {
  // The answers are in the prerendered HTML too, hidden until opened.
  const html = decodeHtml(await (await request.get("/faq")).text());
  expect(html).toContain("Freundlich, Formell, Humorvoll und Ultimatives Marketing");
  expect(html).toContain("freundlich über sachlich-formell und humorvoll bis zu starkem Marketing-Ton");
  expect(html).toContain("in einer der anderen Sprachen erscheinen soll");
  expect(html).toContain("Deutsch, Englisch, Französisch, Spanisch und Türkisch");
  for (const group of ["Allgemein", "Abonnement & Credits", "Nutzung", "Technischer Support", "Datenschutz"]) {
    expect(html).toContain(group);
  }

  await page.goto("/faq");
  // Native <details>: a question is its <summary>; the items share a name, so the browser keeps
  // one open. It works before hydration too.
  const item = (question: string) => page.locator("details", { has: page.locator("summary", { hasText: question }) });
  const general = item("Was ist Postwerk?");
  const cancellation = item("Wie kündige ich mein Abo?");
  const generalAnswer = page.getByText("Postwerk ist ein deutschsprachiges Werkzeug");
  await expect(generalAnswer).toBeHidden();
  await general.locator("summary").click();
  await expect(general).toHaveJSProperty("open", true);
  await expect(generalAnswer).toBeVisible();

  await cancellation.locator("summary").click();
  await expect(cancellation).toHaveJSProperty("open", true);
  await expect(general).toHaveJSProperty("open", false);
  await expect(generalAnswer).toBeHidden();
  await expect(page.getByText("Mit einem Klick in Ihren Kontoeinstellungen")).toBeVisible();
  await expect(page.locator("details[open]")).toHaveCount(1);

  await cancellation.locator("summary").click();
  await expect(page.locator("details[open]")).toHaveCount(0);
});

test("the pricing page shows both plans of each tool and routes Basis to /auth, Premium and the closing button to the optimizer", async ({
  page,
}) => {
  await page.goto("/preise");
  const pro = page.getByRole("article", { name: "Pro" });
  await expect(pro).toContainText(/24,99\s€/);
  await expect(pro).toContainText("100 Durchläufe pro Monat für bis zu 300 Beiträge");
  await expect(pro).toContainText("inkl. MwSt.");
  await expect(page.getByRole("article", { name: "Kostenlos" })).toContainText("10 Credits Startguthaben");

  const basis = page.getByRole("article", { name: "Basis" });
  const premium = page.getByRole("article", { name: "Premium" });
  await expect(basis).toContainText(/0,00\s€/);
  await expect(premium).toContainText(/9,99\s€/);
  await expect(premium).toContainText("Empfohlen");
  await expect(basis.getByRole("link")).toHaveAttribute("href", "/auth");
  await expect(premium.getByRole("link")).toHaveAttribute("href", "/xposter-evaluator");
  await expect(page.getByRole("link", { name: "X-Post Optimizer jetzt testen" })).toHaveAttribute(
    "href",
    "/xposter-evaluator",
  );
  for (const question of [
    "Kann ich Postwerk vor dem Kauf testen?",
    "Was macht die KI-Verbesserung im X-Post Optimizer?",
    "Wie kündige ich mein Abo?",
    "Warum unterstützt der X-Post Optimizer nur X?",
  ]) {
    await expect(page.locator("summary", { hasText: question })).toBeVisible();
  }

  await basis.getByRole("link").click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("the about page names X as its focus and its button leads to the generator", async ({ page }) => {
  await page.goto("/ueber-uns");
  for (const card of ["Mission", "Ansatz", "Datenbasiert", "Umfassend", "Zeitsparend", "Unser Team"]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }
  await expect(page.getByText("X ist unser Schwerpunkt.")).toBeVisible();
  const button = page.getByRole("link", { name: "Tool ausprobieren" }).first();
  await expect(button).toHaveAttribute("href", "/erstellen");
  await button.click();
  await expect(page).toHaveURL(/\/erstellen$/);
});

test("without COMPANY_* the legal pages show example company data and say so", async ({ request }) => {
  const imprint = decodeHtml(await (await request.get("/impressum")).text());
  for (const text of [
    "Beispieldaten:",
    "Angaben gemäß § 5 DDG",
    "Beispiel Medien GmbH",
    "Vertreten durch: Geschäftsführer Max Mustermann",
    "Amtsgericht Musterstadt, HRB 00000",
    "DE000000000",
    "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
  ]) {
    expect(imprint).toContain(text);
  }
  const privacy = decodeHtml(await (await request.get("/datenschutz")).text());
  for (const text of ["Beispiel Medien GmbH", "Google Analytics", "OpenAI-kompatible Schnittstelle", "Art. 77 DSGVO"]) {
    expect(privacy).toContain(text);
  }
  const terms = decodeHtml(await (await request.get("/agb")).text());
  for (const text of [
    "Beispiel Medien GmbH",
    "Widerrufsbelehrung",
    "mindestens 24 Stunden vorher",
    "nicht in den nächsten Monat übertragen",
  ]) {
    expect(terms).toContain(text);
  }
});

test("no public page scrolls sideways on a 390 px wide phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const { path } of PUBLIC_PAGES) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
  }
});

// The contact and cancellation forms do not evaluate zod or build their schema on the
// first visit; both load when the visitor starts on the form. That they still validate is covered
// in contact.spec.ts and cancellation.spec.ts.
const FORM_VALIDATION_CODE = /\/assets\/(zod|[\w.-]*schemas)-[\w-]+\.js$/;
for (const path of ["/kontakt", "/kuendigen"]) {
  test(`${path} loads zod and the form's schema on the first focus, not with the page`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => FORM_VALIDATION_CODE.test(script))).toEqual([]);
    await page.locator("main form").getByRole("textbox").first().focus();
    await expect.poll(() => scripts.filter((script) => FORM_VALIDATION_CODE.test(script)).length).toBeGreaterThan(0);
  });
}

// ADR 0080: the browser gets zod's classic build with its English default locale and our German
// one, never zod's other locales (about 60, some 340 KB). Every locale module returns
// `{ localeError: … }`, so the count of that property in the built scripts tells how many came
// along; the Japanese and Korean messages are named as examples. Read from the build the server
// under test serves.
test("the browser's scripts carry no zod locale beyond English and our German", () => {
  const assets = path.resolve("build/client/assets");
  const scripts = fs
    .readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => fs.readFileSync(path.join(assets, name), "utf8"));
  const localeModules = scripts.reduce((count, source) => count + source.split("localeError:").length - 1, 0);
  expect(localeModules).toBeLessThanOrEqual(2);
  for (const foreignMessage of ["大きすぎる値", "잘못된 문자열", "Trop grand :", "Zu groß: erwartet"]) {
    expect(
      scripts.some((source) => source.includes(foreignMessage)),
      foreignMessage,
    ).toBe(false);
  }
});
