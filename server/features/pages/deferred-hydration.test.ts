import { describe, expect, it } from "vitest";
import { DEFERRED_SCRIPT_ID, deferHydration } from "./deferred-hydration.ts";

// What React Router 7 writes for a prerendered page (shortened).
const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/></head>' +
  "<body><main><h1>Titel</h1></main><script>window.__reactRouterContext = {};</script>" +
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script></body></html>';

describe("deferHydration", () => {
  const html = deferHydration(PAGE);

  it("takes the preloads out of the head and keeps the content and the router's context", () => {
    expect(html).not.toContain('rel="modulepreload" href=');
    expect(html).toContain("<main><h1>Titel</h1></main>");
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("keeps the router's module script word for word, but inert", () => {
    expect(html).toContain(
      `<script type="text/plain" id="${DEFERRED_SCRIPT_ID}">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>`,
    );
    expect(html).not.toContain('<script type="module"');
  });

  it("runs it after the first paint, without adding the preloads back", () => {
    const loader = /<script>(requestAnimationFrame[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).not.toContain("modulepreload");
    expect(loader).toContain(`document.getElementById("${DEFERRED_SCRIPT_ID}").textContent`);
    expect(loader).toMatch(/^requestAnimationFrame\(function\(\)\{setTimeout\(/);
  });

  it("leaves a page without a module script alone", () => {
    const spa = "<html><body><script>window.__spa = 1;</script></body></html>";
    expect(deferHydration(spa)).toBe(spa);
  });
});
