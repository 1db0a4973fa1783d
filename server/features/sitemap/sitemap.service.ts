import { PRERENDERED_PATHS, ROUTES } from "#shared/routes.ts";

// sitemap.xml and robots.txt. Both need absolute URLs (sitemaps.org protocol;
// the robots.txt "Sitemap:" line), and only the server knows BASE_URL, so they are served
// here instead of from public/.

// Pages behind a sign-in or for admins only, and the API: nothing a search engine could show.
const PRIVATE_PATHS = [ROUTES.account, ROUTES.admin, "/api/"];

export function buildSitemapXml(baseUrl: string): string {
  const urls = PRERENDERED_PATHS.map((path) => `  <url><loc>${baseUrl}${path}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function buildRobotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
