import crypto from "node:crypto";
import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { siteSettings } from "#server/db/schema/site-settings.ts";
import {
  forgetCurrentSiteSettings,
  SITE_SETTINGS_TTL_MS,
} from "#server/features/site-settings/site-settings.service.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { expectAnswer, readJson } from "../../../tests/setup/test-app.ts";

setUpTestApp();

describe("HTML documents", () => {
  it("writes the site settings into the head of the home page", async () => {
    await t.db
      .update(siteSettings)
      .set({ siteTitle: "Mein <Studio>", metaDescription: 'Beiträge für "Macher"', faviconUrl: "/eigenes-icon.png" });
    forgetCurrentSiteSettings(t.db);
    const html = await (await t.request("/")).text();
    expect(html).toContain("<title>Mein &lt;Studio&gt;</title>");
    expect(html).toContain('<meta name="description" content="Beiträge für &quot;Macher&quot;"');
    expect(html).toContain('<link rel="icon" href="/eigenes-icon.png"');
    expect(html).toContain('<script type="application/json" id="site-settings">{"siteTitle":"Mein \\u003cStudio>"');
  });

  it("serves a prerendered page that paints before it hydrates, with a CSP for its loader (ADR 0016)", async () => {
    const response = await t.request("/");
    const html = await response.text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      '<script type="text/plain" id="deferred-hydration">import("/assets/entry.client-fixture.js");',
    );
    const loader = /<script>(\(function\(\)\{var started[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain(`getElementById("deferred-hydration")`);
    const hash = crypto.createHash("sha256").update(loader).digest("base64");
    expect(response.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
  });

  it("serves the SPA fallback for client routes with a CSP that allows exactly its inline scripts", async () => {
    const response = await t.request("/konto");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("window.__spa = 1;");
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src"));
    const hash = crypto.createHash("sha256").update("window.__spa = 1;").digest("base64");
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("preloads the page's own scripts in the SPA fallback, after the shell's and its stylesheet (ADR 0072)", async () => {
    const konto = await (await t.request("/konto")).text();
    const preloads = [...konto.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    expect(konto.indexOf("konto-fixture.js")).toBeGreaterThan(konto.indexOf('rel="stylesheet"'));
    expect(preloads).toEqual([
      "/assets/manifest-fixture.js",
      "/assets/shell-fixture.js",
      "/assets/root-fixture.js",
      "/assets/with-query-client-fixture.js",
      "/assets/konto-fixture.js",
      "/assets/card-fixture.js",
    ]);
    // A page the manifest has no route for keeps the plain fallback.
    expect(await (await t.request("/admin")).text()).not.toContain("konto-fixture.js");
  });

  it("preloads an app page's first API requests for a browser with a session, first in line (ADR 0073)", async () => {
    const dataPreloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin="([^"]+)"\/>/g)].map(
        ([, href, crossorigin]) => `${href} ${crossorigin}`,
      );
    const signedIn = await t.request("/konto", { cookie: "postwerk.signed_in=1" });
    const html = await signedIn.text();
    expect(dataPreloads(html)).toEqual(["/api/auth/get-session use-credentials", "/api/profile anonymous"]);
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf("konto-fixture.js"));
    expect(signedIn.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    // A visitor without a session would only get refusals: the same page without them.
    const signedOut = await t.request("/konto");
    expect(dataPreloads(await signedOut.text())).toEqual([]);
    expect(signedOut.headers.get("etag")).not.toBe(signedIn.headers.get("etag"));
    // Public pages are the same for everyone.
    const home = await t.request("/", { cookie: "postwerk.signed_in=1" });
    expect(dataPreloads(await home.text())).toEqual([]);
    expect(home.headers.get("vary")).toBe("Accept-Encoding");
  });

  it.each(["/gibt-es-nicht", "/konto/extra", "/llms-alt.txt", "/__not-found", "/__spa-fallback"])(
    "answers %s, which is no page and no file, with the not-found page and status 404",
    async (pathname) => {
      const response = await t.request(pathname);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(await response.text()).toContain("<h1>Seite nicht gefunden</h1>");
    },
  );

  it("serves a hashed asset without the headers only a document reads (ADR 0035)", async () => {
    const asset = await t.request("/assets/entry.client-fixture.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const onlyForDocuments = ["x-frame-options", "cross-origin-opener-policy", "referrer-policy", "x-xss-protection"];
    // Never revalidated (immutable) and never reported by a user: no date, no request ID.
    for (const header of [...onlyForDocuments, "last-modified", "x-request-id"]) {
      expect(asset.headers.get(header), header).toBeNull();
    }
    const page = await t.request("/");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.request("/api/site-settings")).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("isolates every document of a browser with a session and none of a signed-out visitor's (ADR 0038)", async () => {
    const opener = async (pathname: string, cookie?: string, init: RequestInit = {}) =>
      (await t.request(pathname, { ...init, cookie })).headers.get("cross-origin-opener-policy");
    expect(await opener("/")).toBeNull();
    expect(await opener("/gibt-es-nicht")).toBeNull();
    expect(await opener("/", "postwerk.signed_in=1")).toBe("same-origin");
    expect(await opener("/", "postwerk.session_token=abc.def")).toBe("same-origin");
    expect(await opener("/", "__Secure-postwerk.session_token=abc.def")).toBe("same-origin");
    expect(await opener("/", "postwerk.signed_in=0; postwerk.session_tokenx=1")).toBeNull();
    // The app's own pages alike: two documents of one visit never differ, since a switch of
    // browsing context group on reload would drop /auth's navigation state.
    expect(await opener("/auth")).toBeNull();
    expect(await opener("/konto")).toBeNull();
    expect(await opener("/erstellen", "postwerk.signed_in=1")).toBe("same-origin");
    // A revalidated page carries it too, so a copy cached before signing in gains it.
    const etag = (await t.request("/")).headers.get("etag") ?? "";
    const revalidated = await t.request("/", { cookie: "postwerk.signed_in=1", headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    // JSON is never a document.
    expect((await t.request("/api/config")).headers.get("cross-origin-opener-policy")).toBeNull();
  });

  it("answers a missing asset with a plain 404, not with the not-found page", async () => {
    const response = await t.request("/assets/gibt-es-nicht.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("serves llms.txt and the pages' Markdown twins with their text types (ADR 0036)", async () => {
    const llms = await t.request("/llms.txt");
    expect(llms.status).toBe(200);
    expect(llms.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await llms.text()).toMatch(/^# Postwerk\n/);
    const markdown = await t.request("/preise.md");
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  });

  it("serves the app's client-only pages, with or without a trailing slash, with status 200", async () => {
    for (const pathname of ["/erstellen", "/archiv/", "/auth/callback", "/admin"]) {
      const response = await t.request(pathname);
      expect(response.status, pathname).toBe(200);
      expect(await response.text()).toContain("window.__spa = 1;");
    }
  });

  it.each([
    ["/privacy", "/datenschutz"],
    ["/terms", "/agb"],
  ])("redirects %s permanently to %s", async (alias, target) => {
    const response = await t.request(alias);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(target);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.request("/api/gibt-es-nicht");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Nicht gefunden", code: "NOT_FOUND" });
  });
});

describe("pages served from memory (ADR 0028)", () => {
  afterEach(() => vi.restoreAllMocks());

  async function saveTitle(siteTitle: string) {
    await t.db.update(siteSettings).set({ siteTitle });
    forgetCurrentSiteSettings(t.db);
  }

  it("sends Brotli, gzip or the plain page as the browser accepts, the same page each time", async () => {
    await saveTitle("Kodierungen");
    const plain = await t.request("/");
    const html = await plain.text();
    expect(html).toContain("<title>Kodierungen</title>");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");

    const brotli = await t.request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString("utf8")).toBe(html);

    const gzip = await t.request("/", { headers: { "accept-encoding": "gzip, br;q=0.5" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString("utf8")).toBe(html);

    // Neither coding we keep: the plain bytes, not a deflate stream made per request.
    const deflateOnly = await t.request("/", { headers: { "accept-encoding": "deflate" } });
    expect(deflateOnly.headers.get("content-encoding")).toBeNull();
    expect(await deflateOnly.text()).toBe(html);

    for (const response of [plain, brotli, gzip, deflateOnly]) {
      expect(response.headers.get("etag")).toBe(plain.headers.get("etag"));
      expect(response.headers.get("content-security-policy")).toBe(plain.headers.get("content-security-policy"));
      expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    }
  });

  it("answers a matching If-None-Match with 304 until the settings change the page", async () => {
    await saveTitle("Erste Fassung");
    const first = await t.request("/");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const unchanged = await t.request("/", { headers: { "if-none-match": etag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("etag")).toBe(etag);
    expect(unchanged.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));

    // Another page has its own ETag.
    expect((await t.request("/konto", { headers: { "if-none-match": etag } })).status).toBe(200);

    await saveTitle("Zweite Fassung");
    const changed = await t.request("/", { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("<title>Zweite Fassung</title>");
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("shows a change made by another app server once the TTL has passed, not on every request", async () => {
    await saveTitle("Vorher");
    expect(await (await t.request("/")).text()).toContain("<title>Vorher</title>");

    // Another server writes the row; this one has no reason to look before its copy is due.
    await t.db.update(siteSettings).set({ siteTitle: "Von nebenan" });
    expect(await (await t.request("/")).text()).toContain("<title>Vorher</title>");

    const now = performance.now();
    vi.spyOn(performance, "now").mockReturnValue(now + SITE_SETTINGS_TTL_MS + 1);
    expect(await (await t.request("/")).text()).toContain("<title>Von nebenan</title>");
    expectAnswer(await readJson(await t.api()["site-settings"].$get(), 200)).toMatchObject({
      siteTitle: "Von nebenan",
    });
  });
});

describe("health checks", () => {
  it("reports liveness and database readiness", async () => {
    expect(await (await t.request("/healthz")).json()).toEqual({ status: "ok" });
    expect(await (await t.request("/readyz")).json()).toEqual({ status: "ok" });
  });
});
