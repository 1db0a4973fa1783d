import http from "node:http";
import { collectDueMetrics } from "#server/features/metrics/metrics-collector.ts";
import { processPublication } from "#server/features/publishing/delivery.service.ts";
import { duePublications } from "#server/features/publishing/due-publications.ts";
import { sweepPublications } from "#server/features/publishing/publishing-sweep.ts";
import { isPublicAddress } from "#server/integrations/website/address-policy.ts";
import { createWebsiteReader } from "#server/integrations/website/website-reader.ts";
import { startServer } from "#server/start-server.ts";

// The product as `npm start` runs it, for Playwright, with one difference: the customer's
// website of the generator tests. There is no internet here, so a local page stands in for
// a public one. Only its own name resolves, to 127.0.0.2, and only that address is let
// through besides public ones, so the reader still refuses localhost and 127.0.0.1 exactly
// as in production (ADR 0013).
// And a test clock for the publishing queue (below), so a planned post is sent without waiting.

const WEBSITE_HOST = process.env.E2E_WEBSITE_HOST ?? "www.baeckerei-sonnenschein.test";
const WEBSITE_PORT = Number(process.env.E2E_WEBSITE_PORT ?? 3197);
const WEBSITE_ADDRESS = "127.0.0.2";

const E2E_WEBSITE_PAGE = `<!doctype html>
<html lang="de"><head><title>Bäckerei Sonnenschein – Brot aus Köln</title>
<meta name="description" content="Handwerksbäckerei seit 1952 am Kölner Markt."></head>
<body><main><h1>Bäckerei Sonnenschein</h1>
<p>Seit 1952 backen wir mit Natursauerteig. Samstags gibt es Zimtschnecken mit Kardamom.</p>
</main></body></html>`;

const website = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(E2E_WEBSITE_PAGE);
});
await new Promise<void>((resolve) => website.listen(WEBSITE_PORT, WEBSITE_ADDRESS, resolve));

const { deps } = await startServer({
  websiteReader: createWebsiteReader({
    resolveHost: async (hostname) => {
      if (hostname !== WEBSITE_HOST) throw new Error(`ENOTFOUND ${hostname}`);
      return [{ address: WEBSITE_ADDRESS, family: 4 }];
    },
    isAllowedAddress: (address) => address === WEBSITE_ADDRESS || isPublicAddress(address),
  }),
});

// The test clock (tests/e2e/publishing.spec.ts): `POST /advance?minutes=N` moves the queue's time
// forward and sends what is due by then, as the queue's worker would when the time comes. The
// pg-boss job still fires at the real time later and finds the post no longer due (ADR 0053).
// Its own port on 127.0.0.1, so the product itself carries no test route.
const CLOCK_PORT = Number(process.env.E2E_CLOCK_PORT ?? 3192);
let clockOffsetMs = 0;
const clock = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://clock");
  const minutes = Number(url.searchParams.get("minutes"));
  if (request.method !== "POST" || !["/advance", "/sweep", "/metrics"].includes(url.pathname) || !(minutes >= 0)) {
    response.writeHead(404).end();
    return;
  }
  // `/sweep`: the sweep looks `minutes` ahead, as if no worker had run meanwhile (a server that was
  // down, ADR 0075); the clock itself stays, so the next specs see no jump.
  if (url.pathname === "/sweep") {
    void sweepPublications(deps, new Date(Date.now() + clockOffsetMs + minutes * 60_000)).then(
      (report) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(report)),
      (error: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(String(error)),
    );
    return;
  }
  // `/metrics`: the metrics schedule's run at the clock plus `minutes` (ADR 0104), as the
  // per-minute job would run then; the clock moves on with it.
  if (url.pathname === "/metrics") {
    clockOffsetMs += minutes * 60_000;
    void collectDueMetrics(deps, new Date(Date.now() + clockOffsetMs)).then(
      (report) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(report)),
      (error: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(String(error)),
    );
    return;
  }
  clockOffsetMs += minutes * 60_000;
  const now = new Date(Date.now() + clockOffsetMs);
  void (async () => {
    // Each post at its own time, as the worker would have taken it then (not 30 min late: "verpasst").
    const due = await duePublications(deps.db, now);
    for (const { id, dueAt } of due) await processPublication(deps, id, dueAt);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ now: now.toISOString(), processed: due.length }));
  })().catch((error: unknown) => {
    response.writeHead(500, { "content-type": "text/plain" });
    response.end(String(error));
  });
});
await new Promise<void>((resolve) => clock.listen(CLOCK_PORT, "127.0.0.1", resolve));
