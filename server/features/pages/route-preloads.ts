import fs from "node:fs";
import path from "node:path";
import { escapeHtml } from "#shared/escape-html.ts";
import type { PageDataRequest } from "#shared/page-data-preloads.ts";

// ADR 0072: the SPA fallback is the same document for every app page, so on its own it names
// only the shell's scripts; the browser would learn the page's own chunks only after the shell
// hydrated, and their imports one wave after another. React Router's browser manifest (the
// assets/manifest-*.js the fallback already preloads) lists, per route, its module and every
// chunk that module imports statically: enough to preload them all with the shell.

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};

const MANIFEST_LINK = /<link rel="modulepreload" href="(\/assets\/manifest-[^"]+\.js)"\/?>/;
const MANIFEST_PREFIX = "window.__reactRouterManifest=";
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;

/**
 * The page path of every route without parameters, with the scripts its route chain needs that
 * the fallback does not preload already. Empty when the fallback names no manifest.
 */
export function readRoutePreloads(clientDir: string, fallbackHtml: string): Map<string, string[]> {
  const manifestHref = MANIFEST_LINK.exec(fallbackHtml)?.[1];
  if (!manifestHref) return new Map();
  const source = fs.readFileSync(path.join(clientDir, manifestHref), "utf8").trim();
  // A changed format must stop the start, not quietly drop the preloads.
  if (!source.startsWith(MANIFEST_PREFIX)) throw new Error(`Unbekanntes Format des Routen-Manifests: ${manifestHref}`);
  const manifest = JSON.parse(source.slice(MANIFEST_PREFIX.length).replace(/;$/, "")) as {
    routes: Record<string, ManifestRoute>;
  };
  const alreadyPreloaded = new Set([...fallbackHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]));
  const preloads = new Map<string, string[]>();
  for (const route of Object.values(manifest.routes)) {
    const chain = routeChain(manifest.routes, route);
    const pagePath = `/${chain
      .map((entry) => entry.path ?? "")
      .filter(Boolean)
      .join("/")}`;
    if (pagePath.includes("*") || pagePath.includes(":") || (!route.path && !route.index)) continue;
    const scripts = chain.flatMap((entry) => [entry.module, ...(entry.imports ?? [])]);
    preloads.set(
      pagePath,
      [...new Set(scripts)].filter((href) => !alreadyPreloaded.has(href)),
    );
  }
  return preloads;
}

/** The route and its parents, the outermost (root) first. */
function routeChain(routes: Record<string, ManifestRoute>, route: ManifestRoute): ManifestRoute[] {
  const chain = [route];
  for (let parent = route.parentId; parent; parent = routes[parent]?.parentId) {
    const entry = routes[parent];
    if (entry) chain.unshift(entry);
  }
  return chain;
}

/**
 * The fallback with the page's scripts preloaded at the end of its head: after the stylesheet,
 * which the first paint waits for, so that it does not queue behind them. The page's first API
 * requests (ADR 0073) go first among them: they wait on the server, not on the network.
 */
export function withPreloads(html: string, scripts: string[], data: readonly PageDataRequest[] = []): string {
  const links = [
    ...data.map(
      (request) =>
        `<link rel="preload" as="fetch" href="${escapeHtml(request.href)}" crossorigin="${request.credentials === "include" ? "use-credentials" : "anonymous"}"/>`,
    ),
    ...scripts.map((href) => `<link rel="modulepreload" href="${href}"/>`),
  ].join("");
  return html.replace("</head>", () => `${links}</head>`);
}
