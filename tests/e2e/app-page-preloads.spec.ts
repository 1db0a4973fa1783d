import { SESSION_ENDPOINT } from "#app/lib/has-session.ts";
import { PAGE_DATA_PRELOADS } from "#shared/page-data-preloads.ts";
import { expect, test } from "./fixtures.ts";

// ADR 0073: a signed-in direct load of an app page preloads its first API requests in the
// document, and the page's own first request for each address takes the preloaded answer. A
// taken preload makes no request of its own; an address or credentials mode that does not match
// makes a second network request right when the page asks.

// Runs before the page's scripts: notes when the page calls fetch() for which address, and when
// that answer was read to its end (then its network request, if any, is in the resource timings).
const RECORD_FETCH_CALLS = `
  window.fetchCalls = [];
  const pageFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const call = { href: url.pathname + url.search, at: performance.now(), read: false };
    window.fetchCalls.push(call);
    return pageFetch(input, init).then((response) => {
      response.clone().arrayBuffer().finally(() => { call.read = true; });
      return response;
    });
  };`;

type FetchCall = { href: string; at: number; read: boolean };

for (const [path, requests] of Object.entries(PAGE_DATA_PRELOADS)) {
  test(`a direct load of ${path} takes each preloaded answer instead of asking again`, async ({
    page,
    admin: _signedIn,
  }) => {
    await page.addInitScript({ content: RECORD_FETCH_CALLS });
    await page.goto(path);
    const linked = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(linked).toEqual(requests.map((request) => request.href));
    // Waits for the page's own first request of each address to be answered, however slow the machine.
    await page.waitForFunction((hrefs) => {
      const calls = (window as unknown as { fetchCalls: FetchCall[] }).fetchCalls;
      return hrefs.every((href) => calls.find((call) => call.href === href)?.read);
    }, linked);

    const requestsAfterFirstCall = await page.evaluate((hrefs) => {
      const calls = (window as unknown as { fetchCalls: FetchCall[] }).fetchCalls;
      const entries = performance.getEntriesByType("resource");
      return hrefs.map((href) => {
        const [first, second] = calls.filter((call) => call.href === href);
        if (!first) return { href, called: false, requests: 0 };
        // The network requests for this address from the page's first call up to its second.
        const requests = entries.filter(
          (entry) =>
            entry.name === location.origin + href &&
            entry.startTime >= first.at &&
            entry.startTime < (second?.at ?? Number.POSITIVE_INFINITY),
        ).length;
        return { href, called: true, requests };
      });
    }, linked);
    for (const result of requestsAfterFirstCall) {
      expect(result, `${result.href} auf ${path}`).toEqual({ href: result.href, called: true, requests: 0 });
    }

    // The page's clientLoader takes the session the client's store asked for with the preload,
    // instead of asking once more before the page can show (its heading is there after the loader).
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const sessionCalls = await page.evaluate(
      (endpoint) =>
        (window as unknown as { fetchCalls: FetchCall[] }).fetchCalls.filter((call) => call.href === endpoint).length,
      SESSION_ENDPOINT,
    );
    expect(sessionCalls, `Sitzungsabfragen auf ${path}`).toBe(1);
  });
}

test("a personal page opened later in the same document asks for the session itself", async ({
  page,
  admin: _signedIn,
}) => {
  await page.addInitScript({ content: RECORD_FETCH_CALLS });
  await page.goto("/redaktionsplan");
  await expect(page.getByRole("heading", { level: 1, name: "Redaktionsplan" })).toBeVisible();
  await page.getByRole("navigation", { name: "Arbeitsbereich" }).getByRole("link", { name: "Archiv" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Archiv" })).toBeVisible();
  const sessionCalls = await page.evaluate(
    (endpoint) =>
      (window as unknown as { fetchCalls: FetchCall[] }).fetchCalls.filter((call) => call.href === endpoint).length,
    SESSION_ENDPOINT,
  );
  // The store's one request for the document's page, then /archiv's own: a session ended meanwhile is noticed.
  expect(sessionCalls).toBe(2);
});
