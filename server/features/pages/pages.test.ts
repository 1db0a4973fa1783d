import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { siteSettings } from "../../db/schema/site-settings.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("HTML documents", () => {
  it("writes the site settings into the head of the home page", async () => {
    await t.db
      .update(siteSettings)
      .set({ siteTitle: "Mein <Studio>", metaDescription: 'Beiträge für "Macher"', faviconUrl: "/eigenes-icon.png" });
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
    const loader = /<script>(requestAnimationFrame[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
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
    expect(await response.json()).toEqual({ error: "Nicht gefunden" });
  });
});

describe("health checks", () => {
  it("reports liveness and database readiness", async () => {
    expect(await (await t.request("/healthz")).json()).toEqual({ status: "ok" });
    expect(await (await t.request("/readyz")).json()).toEqual({ status: "ok" });
  });
});
