import http from "node:http";
import { isPublicAddress } from "../../server/integrations/website/address-policy.ts";
import { createWebsiteReader } from "../../server/integrations/website/website-reader.ts";
import { startServer } from "../../server/start-server.ts";

// The product as `npm start` runs it, for Playwright, with one difference: the customer's
// website of the generator tests. There is no internet here, so a local page stands in for
// a public one. Only its own name resolves, to 127.0.0.2, and only that address is let
// through besides public ones, so the reader still refuses localhost and 127.0.0.1 exactly
// as in production (ADR 0013).

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

await startServer({
  websiteReader: createWebsiteReader({
    resolveHost: async (hostname) => {
      if (hostname !== WEBSITE_HOST) throw new Error(`ENOTFOUND ${hostname}`);
      return [{ address: WEBSITE_ADDRESS, family: 4 }];
    },
    isAllowedAddress: (address) => address === WEBSITE_ADDRESS || isPublicAddress(address),
  }),
});
