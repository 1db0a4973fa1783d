// How fast the signed-in area answers a direct load (a bookmark, a reload): the production build
// and server in their own process, Chromium through Playwright, signed in as an admin. Per page
// the first contentful paint (the server's header and frame, ADR 0039) and the moment the page's
// card content is visible (after the data came from the API). A report, not a test: bench/run.ts
// prints it with the targets and exits 0 whatever the figures.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { eq } from "drizzle-orm";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { ADMIN_TEXTS } from "#shared/admin.ts";
import { CONSENT_VERSION, REJECTED_CONSENT_SETTINGS } from "#shared/consent.ts";
import { ROUTES } from "#shared/routes.ts";
import { buildIfSourcesChanged } from "../scripts/build-if-changed.ts";
import { BENCH_PASSWORD, median, openBenchDatabase, startBenchApp } from "./bench-app.ts";
import { findFreePort, type RunningServer, startProductionServer } from "./production-server.ts";

export const APP_ROUTE_RUNS = 5;
export const APP_ROUTE_TARGETS = { firstContentfulPaintMs: 1_000, cardContentMs: 1_000 } as const;
const ARCHIVE_ENTRIES = 30;
const LOAD_TIMEOUT_MS = 15_000;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What shows that the page's card has its data: a CSS selector or a text in the page. */
type Ready = { css: string } | { text: string };

export const APP_ROUTE_PAGES: { path: string; ready: Ready; readyLabel: string }[] = [
  { path: ROUTES.account, ready: { text: "Verbleibende Credits" }, readyLabel: "Abonnement mit Credits" },
  {
    path: ROUTES.generator,
    ready: { css: 'form[aria-label="Beiträge erstellen"]' },
    readyLabel: "Formular des Generators",
  },
  { path: ROUTES.archive, ready: { css: '[data-testid="archive-entry"]' }, readyLabel: "erster Archiveintrag" },
  { path: ROUTES.admin, ready: { text: ADMIN_TEXTS.noMessages }, readyLabel: "Kontaktanfragen geladen" },
];

export type AppRouteFigures = {
  path: string;
  readyLabel: string;
  firstContentfulPaintMs: number[];
  cardContentMs: number[];
  medianFirstContentfulPaintMs: number;
  medianCardContentMs: number;
};

/** One checkout's figures; "vorher" is the other checkout given with `--vorher`. */
export type AppRouteCheckout = { label: "jetzt" | "vorher"; root: string; pages: AppRouteFigures[] };

export async function runAppRoutesBenchmark(
  log: (line: string) => void,
  options: { beforeRoot?: string } = {},
): Promise<AppRouteCheckout[]> {
  if (buildIfSourcesChanged({ log })) log("Produktions-Build neu erstellt.");
  const bench = await openBenchDatabase();
  const email = "admin-seiten@example.test";
  const checkouts = [
    ...(options.beforeRoot ? [{ label: "vorher" as const, root: options.beforeRoot }] : []),
    { label: "jetzt" as const, root: ROOT },
  ];
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  let browser: Browser | null = null;
  try {
    await prepareAdmin(bench, email);
    // PGlite allows one process per data directory: each server opens its own copy of it.
    await bench.database.close();
    // Copied before any server holds it open (and locks it).
    for (const [index, checkout] of checkouts.entries()) {
      const dataDir = index === 0 ? bench.env.DATA_DIR : `${bench.env.DATA_DIR}-${checkout.label}`;
      if (index > 0) fs.cpSync(bench.env.DATA_DIR, dataDir, { recursive: true });
      dataDirs.push(dataDir);
    }
    for (const [index, checkout] of checkouts.entries()) {
      const dataDir = dataDirs[index] ?? bench.env.DATA_DIR;
      const server = await startProductionServer({
        root: checkout.root,
        port: await findFreePort(),
        dataDir,
        secret: bench.env.BETTER_AUTH_SECRET ?? "",
      });
      servers.push(server);
      log(`Server (${checkout.label}) bereit auf ${server.baseUrl} nach ${server.readySeconds.toFixed(1)} s.`);
    }
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    });
    const figures = checkouts.map(() =>
      APP_ROUTE_PAGES.map((page) => ({
        path: page.path,
        readyLabel: page.readyLabel,
        firstContentfulPaintMs: [] as number[],
        cardContentMs: [] as number[],
      })),
    );
    // A warm-up load per page fills nothing that the measured loads keep (each has a fresh
    // browser context); it lets the server's first queries and its compression caches settle.
    // Each server signs in on its own: the session lives in that server's copy of the database.
    const sessions: SignedIn[] = [];
    for (const server of servers) {
      const signedIn = await signIn(browser, server.baseUrl, email);
      sessions.push(signedIn);
      for (const page of APP_ROUTE_PAGES) await loadOnce(browser, server.baseUrl, signedIn, page);
    }
    // The runs alternate between the pages (and the checkouts), so a slow moment of the machine
    // hits all alike.
    for (let run = 0; run < APP_ROUTE_RUNS; run++) {
      for (const [index, page] of APP_ROUTE_PAGES.entries()) {
        for (const [checkout, server] of servers.entries()) {
          const signedIn = sessions[checkout];
          if (!signedIn) throw new Error("Keine Sitzung");
          const result = await loadOnce(browser, server.baseUrl, signedIn, page);
          figures[checkout]?.[index]?.firstContentfulPaintMs.push(result.firstContentfulPaintMs);
          figures[checkout]?.[index]?.cardContentMs.push(result.cardContentMs);
        }
      }
    }
    return checkouts.map((checkout, index) => ({
      ...checkout,
      pages: (figures[index] ?? []).map((entry) => ({
        ...entry,
        medianFirstContentfulPaintMs: median(entry.firstContentfulPaintMs),
        medianCardContentMs: median(entry.cardContentMs),
      })),
    }));
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
    // PGlite was closed before the servers started; closing again only says so.
    await bench.close().catch(() => undefined);
    for (const dataDir of [bench.env.DATA_DIR, ...dataDirs]) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A confirmed admin with a filled archive, made through the real routes (bench-app.ts). */
async function prepareAdmin(bench: Awaited<ReturnType<typeof openBenchDatabase>>, email: string) {
  const app = await startBenchApp(bench, createAiClient(null));
  await app.signUpUser(email, { credits: 10 });
  const [profile] = await app.deps.db
    .update(profiles)
    .set({ isAdmin: true })
    .where(eq(profiles.email, email))
    .returning({ id: profiles.id });
  if (!profile) throw new Error("Bench-Konto fehlt");
  const now = Date.now();
  await app.deps.db.insert(archivedPosts).values(
    Array.from({ length: ARCHIVE_ENTRIES }, (_, index) => ({
      userId: profile.id,
      platform: "linkedin",
      language: "german",
      tone: "friendly",
      keyPoints: `Angebot ${index}, jeden Samstag`,
      generatedPosts: [`Beitrag ${index} eins`, `Beitrag ${index} zwei`, `Beitrag ${index} drei`],
      createdAt: new Date(now - index * 3_600_000),
    })),
  );
}

/**
 * Runs in the page before its own scripts. A string, not a function: tsx would wrap the inner
 * functions in a helper the page does not have. It stores the cookie choice (the dialog would
 * otherwise cover the page) and checks once per frame, just before it is painted, whether the
 * content shows: `cardVisibleAt` is that frame's time.
 */
function readinessScript(ready: Ready): string {
  const consent = JSON.stringify({ version: CONSENT_VERSION, settings: REJECTED_CONSENT_SETTINGS });
  const test =
    "css" in ready
      ? `document.querySelector(${JSON.stringify(ready.css)}) !== null`
      : `(document.body ? document.body.textContent : "").includes(${JSON.stringify(ready.text)})`;
  return `
    localStorage.setItem("cookie-consent", JSON.stringify({ ...${consent}, timestamp: new Date().toISOString() }));
    (function check() {
      if (${test}) window.cardVisibleAt = performance.now();
      else requestAnimationFrame(check);
    })();`;
}

type SignedIn = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Signs in once through the server's own route (its limiter allows 5 sign-ins a minute). */
async function signIn(browser: Browser, baseUrl: string, email: string): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const answer = await context.request.post("/api/auth/sign-in/email", {
      headers: { origin: baseUrl },
      data: { email, password: BENCH_PASSWORD },
    });
    if (!answer.ok()) throw new Error(`Anmeldung fehlgeschlagen: ${answer.status()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * One direct load in a fresh context with the session's cookies: no cache, as after a browser
 * restart. Times are from the navigation's start (performance.now()).
 */
async function loadOnce(
  browser: Browser,
  baseUrl: string,
  signedIn: SignedIn,
  target: (typeof APP_ROUTE_PAGES)[number],
): Promise<{ firstContentfulPaintMs: number; cardContentMs: number }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    storageState: signedIn,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: readinessScript(target.ready) });
    await page.goto(target.path, { waitUntil: "commit" });
    await page
      .waitForFunction(() => "cardVisibleAt" in window, undefined, { timeout: LOAD_TIMEOUT_MS })
      .catch(async () => {
        const shown = ((await page.locator("main").textContent()) ?? "").slice(0, 200).replace(/\s+/g, " ");
        throw new Error(
          `${target.path}: „${target.readyLabel}“ nicht sichtbar nach ${LOAD_TIMEOUT_MS} ms (${page.url()}: ${shown})`,
        );
      });
    if (!page.url().endsWith(target.path)) throw new Error(`${target.path} leitete weiter nach ${page.url()}`);
    return await page.evaluate(() => ({
      firstContentfulPaintMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      cardContentMs: (window as unknown as { cardVisibleAt: number }).cardVisibleAt,
    }));
  } finally {
    await context.close();
  }
}
