// ADR 0016: a prerendered page is complete without JavaScript, so its JavaScript waits until
// the page has been painted. React Router's <Scripts /> preloads every chunk in the head and
// starts hydrating at once; on a phone those ~200 KiB compete with the stylesheet and
// delayed the first paint to 2.7 s in Lighthouse's mobile profile (0.8 s after this change).
//
// The rewrite, done once per file when the server starts:
//  - the <link rel="modulepreload"> tags leave the HTML;
//  - React Router's inline module script becomes inert data (type="text/plain");
//  - a small loader waits until the first paint is on screen, then runs the original module script unchanged.
// The preloads are not added back later: inserting the ~30 links took one task of 100-200 ms on
// a throttled phone (ADR 0018), while the module graph is only two imports deep, so the browser
// finds the same chunks a moment later on its own.
// Hashes for the Content-Security-Policy are computed after the rewrite, and a script
// inserted with the same text carries the same hash.

const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;
const ROUTER_MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
export const DEFERRED_SCRIPT_ID = "deferred-hydration";
/** A page whose paint is never reported (a browser that claims paint timing but sends none) hydrates after this. */
const UNREPORTED_PAINT_TIMEOUT_MS = 3_000;

/** Returns the page with hydration after the first paint, or the page unchanged if it has no module script. */
export function deferHydration(html: string): string {
  const moduleScript = ROUTER_MODULE_SCRIPT.exec(html);
  if (!moduleScript) return html;
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(
      moduleScript[0],
      `<script type="text/plain" id="${DEFERRED_SCRIPT_ID}">${moduleScript[1]}</script><script>${HYDRATION_LOADER}</script>`,
    );
}

/**
 * Runs the router's script once the browser reports the first paint as shown (a "paint" entry:
 * its time is when the frame reached the screen, after the main thread painted it). A browser
 * without paint timing waits for the next frame instead; the timeout hydrates a page whose paint
 * is never reported. Waiting for the entry rather than a frame keeps the chunks out of the paint's
 * critical path also on a fast machine, where a frame's timer ran before the frame was shown and
 * the chunks loaded in between (ADR 0016).
 */
export const HYDRATION_LOADER = [
  "(function(){var started=false;",
  "function hydrate(){if(started)return;started=true;",
  'var script=document.createElement("script");script.type="module";',
  `script.textContent=document.getElementById("${DEFERRED_SCRIPT_ID}").textContent;`,
  "document.body.appendChild(script)}",
  "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];",
  'if(types.indexOf("paint")<0){requestAnimationFrame(function(){setTimeout(hydrate)});return}',
  "new PerformanceObserver(function(list,observer){observer.disconnect();hydrate()})",
  '.observe({type:"paint",buffered:true});',
  `setTimeout(hydrate,${UNREPORTED_PAINT_TIMEOUT_MS})})()`,
].join("");
