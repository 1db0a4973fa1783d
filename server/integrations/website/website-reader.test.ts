import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBSITE_MESSAGES } from "#shared/generator.ts";
import type { ResolvedAddress } from "./address-policy.ts";
import { isPublicAddress } from "./address-policy.ts";
import { summarizeHtml } from "./html-summary.ts";
import { createWebsiteReader, WebsiteReadError, type WebsiteReader } from "./website-reader.ts";

const PAGE = `<!doctype html><html><head><title>Bäckerei Sonnenschein</title>
<meta name="description" content="Frische Brötchen &amp; Kuchen aus Köln">
<style>body { color: red }</style><script>alert("nie im Text")</script></head>
<body><nav>Start | Über uns | Kontakt</nav>
<main><h1>Willkommen</h1><p>Wir backen seit 1952 mit Sauerteig.</p><p>Jeden Samstag: Zimtschnecken.</p></main>
<footer>Impressum</footer></body></html>`;

let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    hits.push(path);
    if (path === "/page") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(PAGE);
    }
    if (path === "/latin1") {
      response.writeHead(200, { "content-type": "text/html; charset=iso-8859-1" });
      return response.end(Buffer.from("<title>Grüße</title><p>Schöne Grüße</p>", "latin1"));
    }
    if (path === "/gzip") {
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      return response.end(zlib.gzipSync(PAGE));
    }
    if (path === "/gzip-bomb") {
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      return response.end(zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024, "a")));
    }
    if (path === "/big") {
      // No content-length: the limit must hold while reading, not only from the header.
      response.writeHead(200, { "content-type": "text/html" });
      const chunk = `<p>${"x".repeat(64 * 1024)}</p>`;
      for (let index = 0; index < 40; index++) response.write(chunk);
      return response.end();
    }
    if (path === "/slow") {
      response.writeHead(200, { "content-type": "text/html" });
      response.write("<p>Anfang");
      const timer = setTimeout(() => response.end("</p>"), 3000);
      response.on("close", () => clearTimeout(timer));
      return;
    }
    if (path === "/json") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end("{}");
    }
    if (path === "/missing") {
      response.writeHead(404, { "content-type": "text/html" });
      return response.end("<p>Nicht da</p>");
    }
    if (path === "/to-page") return redirect(response, `http://shop.example:${port}/page`);
    if (path === "/to-private-ip") return redirect(response, "http://10.0.0.1/admin");
    if (path === "/to-private-host") return redirect(response, `http://intranet.example:${port}/page`);
    if (path === "/to-loopback") return redirect(response, `http://[::1]:${port}/page`);
    if (path === "/to-file") return redirect(response, "file:///etc/passwd");
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop) return redirect(response, `/loop/${Number(loop[1]) + 1}`);
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

function redirect(response: http.ServerResponse, location: string) {
  response.writeHead(302, { location });
  response.end();
}

// Test DNS: shop.example stands in for a public web server and answers from 127.0.0.1,
// which only this test policy lets through. The other names resolve to private ranges.
const DNS: Record<string, ResolvedAddress[]> = {
  "shop.example": [{ address: "127.0.0.1", family: 4 }],
  "intranet.example": [{ address: "10.0.0.5", family: 4 }],
  "metadata.example": [{ address: "169.254.169.254", family: 4 }],
  "router.example": [{ address: "192.168.1.1", family: 4 }],
  "ula.example": [{ address: "fd12:3456::1", family: 6 }],
  "mapped.example": [{ address: "::ffff:10.1.2.3", family: 6 }],
  "mixed.example": [
    { address: "93.184.216.34", family: 4 },
    { address: "10.0.0.1", family: 4 },
  ],
};
const lookups: string[] = [];
async function testResolve(hostname: string): Promise<ResolvedAddress[]> {
  lookups.push(hostname);
  const answer = DNS[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return answer;
}
const allowTestServer = (address: string) => address === "127.0.0.1" || isPublicAddress(address);

function testReader(options: Parameters<typeof createWebsiteReader>[0] = {}): WebsiteReader {
  return createWebsiteReader({ resolveHost: testResolve, isAllowedAddress: allowTestServer, ...options });
}

async function failureOf(promise: Promise<unknown>): Promise<WebsiteReadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof WebsiteReadError)) throw new Error(`expected a WebsiteReadError, got ${String(error)}`);
  return error;
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::",
    "::1",
    "fe80::1",
    "fd00::1",
    "fc00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "::7f00:1",
    "::10.0.0.1",
    "::169.254.169.254",
    "::8.8.8.8",
    "2001:db8::1",
    "64:ff9b::a00:1",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"])(
    "allows %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("createWebsiteReader", () => {
  it("reads title, description and the main text without scripts, styles or navigation", async () => {
    const page = await testReader().read(`http://shop.example:${port}/page`);
    expect(page).toEqual({
      url: `http://shop.example:${port}/page`,
      title: "Bäckerei Sonnenschein",
      description: "Frische Brötchen & Kuchen aus Köln",
      text: "Willkommen\nWir backen seit 1952 mit Sauerteig.\nJeden Samstag: Zimtschnecken.",
    });
  });

  it("connects to the address it checked, not to what the system resolver would say", async () => {
    // shop.example does not exist for the system resolver: reading it at all proves the
    // connection used our vetted address, so a second (rebound) DNS answer cannot matter.
    lookups.length = 0;
    await expect(testReader().read(`http://shop.example:${port}/page`)).resolves.toMatchObject({
      title: "Bäckerei Sonnenschein",
    });
    expect(lookups).toEqual(["shop.example"]);
  });

  it("decodes the declared charset and gzip", async () => {
    expect((await testReader().read(`http://shop.example:${port}/latin1`)).title).toBe("Grüße");
    expect((await testReader().read(`http://shop.example:${port}/gzip`)).title).toBe("Bäckerei Sonnenschein");
  });

  it("follows a redirect to an allowed address", async () => {
    const page = await testReader().read(`http://shop.example:${port}/to-page`);
    expect(page.url).toBe(`http://shop.example:${port}/page`);
  });

  describe("refuses, with the reason in German", () => {
    it.each([
      ["loopback by IP", "http://127.0.0.1:PORT/page"],
      ["loopback by name", "http://localhost:PORT/page"],
      ["IPv6 loopback", "http://[::1]:PORT/page"],
      ["loopback in hex", "http://0x7f.1:PORT/page"],
      ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
      ["IPv4-mapped private", "http://[::ffff:10.0.0.1]/"],
      ["IPv4-compatible loopback", "http://[::127.0.0.1]:PORT/page"],
    ])("%s with the default policy", async (_name, url) => {
      const error = await failureOf(createWebsiteReader().read(url.replace("PORT", String(port))));
      expect(error.kind).toBe("notAllowed");
      expect(error.message).toBe(WEBSITE_MESSAGES.notAllowed);
    });

    it.each([
      ["intranet.example"],
      ["metadata.example"],
      ["router.example"],
      ["ula.example"],
      ["mapped.example"],
      ["mixed.example"],
    ])("a public-looking name that resolves to a private address (%s)", async (host) => {
      hits.length = 0;
      expect((await failureOf(testReader().read(`http://${host}:${port}/page`))).kind).toBe("notAllowed");
      expect(hits).toEqual([]);
    });

    it.each([
      ["ftp://shop.example/datei"],
      ["file:///etc/passwd"],
      ["javascript:alert(1)"],
      ["http://user:pass@shop.example/"],
      ["kein url"],
    ])("%s (scheme, credentials, syntax)", async (url) => {
      expect((await failureOf(testReader().read(url))).kind).toBe("notAllowed");
    });

    it.each([
      ["a private IP", "/to-private-ip"],
      ["a name resolving to a private address", "/to-private-host"],
      ["loopback", "/to-loopback"],
      ["a file URL", "/to-file"],
    ])("a redirect into %s", async (_name, path) => {
      hits.length = 0;
      const error = await failureOf(testReader().read(`http://shop.example:${port}${path}`));
      expect(error.kind).toBe("notAllowed");
      expect(hits).toEqual([path]);
    });

    it("more than three redirects", async () => {
      expect((await failureOf(testReader().read(`http://shop.example:${port}/loop/0`))).kind).toBe("tooManyRedirects");
    });

    it("a body over the byte limit, also when compressed", async () => {
      expect((await failureOf(testReader().read(`http://shop.example:${port}/big`))).kind).toBe("tooLarge");
      expect((await failureOf(testReader().read(`http://shop.example:${port}/gzip-bomb`))).kind).toBe("tooLarge");
    });

    it("a page slower than the deadline", async () => {
      // /slow would finish the page after 3 s; "timeout" means the deadline cut it off first.
      const error = await failureOf(testReader({ timeoutMs: 300 }).read(`http://shop.example:${port}/slow`));
      expect(error.kind).toBe("timeout");
    });

    it("a DNS lookup slower than the deadline", async () => {
      const reader = createWebsiteReader({ timeoutMs: 200, resolveHost: () => new Promise(() => {}) });
      expect((await failureOf(reader.read("http://hangs.example/"))).kind).toBe("timeout");
    });

    it("anything that is not HTML, and error statuses", async () => {
      expect((await failureOf(testReader().read(`http://shop.example:${port}/json`))).kind).toBe("notHtml");
      expect((await failureOf(testReader().read(`http://shop.example:${port}/missing`))).kind).toBe("httpError");
    });

    it("a name that does not resolve", async () => {
      expect((await failureOf(testReader().read("http://gibt-es-nicht.example/"))).kind).toBe("unreachable");
    });
  });
});

describe("summarizeHtml", () => {
  it("falls back to the body and Open Graph tags when the page has no main element", () => {
    const summary = summarizeHtml(
      `<meta property="og:title" content="OG-Titel"><meta property="og:description" content="OG-Text"><div>Erster Absatz</div><div>Zweiter&nbsp;Absatz</div>`,
    );
    expect(summary).toEqual({ title: "OG-Titel", description: "OG-Text", text: "Erster Absatz\nZweiter Absatz" });
  });
});
