// ADR 0016: a prerendered page is complete without JavaScript, so its JavaScript waits until
// the page has been painted. React Router's <Scripts /> preloads every chunk in the head and
// starts hydrating at once; on a phone those ~200 KiB compete with the stylesheet and
// delayed the first paint to 2.7 s in Lighthouse's mobile profile (0.8 s after this change).
//
// The rewrite, done once per file when the server starts:
//  - the <link rel="modulepreload"> tags leave the HTML;
//  - React Router's inline module script becomes inert data (type="text/plain");
//  - a small loader waits for the first paint, then runs the original module script unchanged.
// The preloads are not added back later: inserting the ~30 links took one task of 100-200 ms on
// a throttled phone (ADR 0018), while the module graph is only two imports deep, so the browser
// finds the same chunks a moment later on its own.
// Hashes for the Content-Security-Policy are computed after the rewrite, and a script
// inserted with the same text carries the same hash.

const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;
const ROUTER_MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
export const DEFERRED_SCRIPT_ID = "deferred-hydration";

/** Returns the page with hydration after the first paint, or the page unchanged if it has no module script. */
export function deferHydration(html: string): string {
  const moduleScript = ROUTER_MODULE_SCRIPT.exec(html);
  if (!moduleScript) return html;
  const loader = [
    "requestAnimationFrame(function(){setTimeout(function(){",
    'var script=document.createElement("script");script.type="module";',
    `script.textContent=document.getElementById("${DEFERRED_SCRIPT_ID}").textContent;`,
    "document.body.appendChild(script)",
    "})})",
  ].join("");
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(
      moduleScript[0],
      `<script type="text/plain" id="${DEFERRED_SCRIPT_ID}">${moduleScript[1]}</script><script>${loader}</script>`,
    );
}
