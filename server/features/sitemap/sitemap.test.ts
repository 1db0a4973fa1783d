import { describe, expect, it } from "vitest";
import { PRERENDERED_PATHS } from "#shared/routes.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";

const BASE_URL = "https://postwerk.example";

setUpTestApp({ env: { BASE_URL } });

describe("GET /sitemap.xml", () => {
  it("lists every public page as an absolute URL on BASE_URL, as XML", async () => {
    const response = await t.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PRERENDERED_PATHS.map((path) => `${BASE_URL}${path}`));
  });
});

describe("GET /robots.txt", () => {
  it("points to the sitemap by its absolute URL and keeps crawlers out of private areas", async () => {
    const response = await t.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const robots = await response.text();
    expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    for (const line of ["User-agent: *", "Allow: /", "Disallow: /konto", "Disallow: /admin", "Disallow: /api/"]) {
      expect(robots.split("\n")).toContain(line);
    }
  });
});
