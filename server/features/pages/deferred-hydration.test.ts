import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { DEFERRED_SCRIPT_ID, deferHydration, HYDRATION_LOADER } from "./deferred-hydration.ts";

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

  it("runs the loader given as the page's only other new script, without adding the preloads back", () => {
    expect(html).toContain(`<script>${HYDRATION_LOADER}</script>`);
    expect(HYDRATION_LOADER).not.toContain("modulepreload");
  });

  it("leaves a page without a module script alone", () => {
    const spa = "<html><body><script>window.__spa = 1;</script></body></html>";
    expect(deferHydration(spa)).toBe(spa);
  });
});

/** The loader in a browser-like sandbox whose paint entries, frames and timers the test releases. */
function loadInBrowser(options: { paintTiming: boolean }) {
  const appended: { type: string; textContent: string }[] = [];
  const observers: { callback: (list: unknown, observer: { disconnect(): void }) => void; connected: boolean }[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = options.paintTiming ? ["paint", "largest-contentful-paint"] : ["resource"];
    private readonly entry;
    constructor(callback: (list: unknown, observer: { disconnect(): void }) => void) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: "paint", buffered: true });
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const window = {
    PerformanceObserver: FakePerformanceObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms = 0) => timers.push({ run, ms }),
    document: {
      createElement: () => ({ type: "", textContent: "" }),
      getElementById: (id: string) =>
        id === DEFERRED_SCRIPT_ID ? { textContent: "import('/assets/entry.js');" } : null,
      body: { appendChild: (script: { type: string; textContent: string }) => appended.push(script) },
    },
  };
  vm.runInNewContext(HYDRATION_LOADER, { ...window, window });
  return {
    appended,
    paint: () => {
      for (const observer of observers.filter((entry) => entry.connected))
        observer.callback({}, { disconnect: () => (observer.connected = false) });
    },
    nextFrame: () => {
      for (const run of frames.splice(0)) run();
    },
    runTimers: (upToMs: number) => {
      for (const timer of timers.splice(0)) {
        if (timer.ms <= upToMs) timer.run();
        else timers.push(timer);
      }
    },
  };
}

describe("the hydration loader in the browser", () => {
  it("waits for the paint entry, not for a frame, and runs the router's script once", () => {
    const browser = loadInBrowser({ paintTiming: true });
    browser.nextFrame();
    browser.runTimers(0);
    // A frame and its timer come before the frame is on screen: nothing loads yet.
    expect(browser.appended).toEqual([]);
    browser.paint();
    expect(browser.appended).toEqual([{ type: "module", textContent: "import('/assets/entry.js');" }]);
    browser.paint();
    browser.runTimers(3_000);
    expect(browser.appended).toHaveLength(1);
  });

  it("hydrates anyway when no paint is ever reported", () => {
    const browser = loadInBrowser({ paintTiming: true });
    browser.runTimers(2_999);
    expect(browser.appended).toEqual([]);
    browser.runTimers(3_000);
    expect(browser.appended).toHaveLength(1);
  });

  it("waits for the next frame in a browser without paint timing", () => {
    const browser = loadInBrowser({ paintTiming: false });
    expect(browser.appended).toEqual([]);
    browser.nextFrame();
    browser.runTimers(0);
    expect(browser.appended).toHaveLength(1);
  });
});
