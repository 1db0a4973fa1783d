import crypto from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCEPTED_CONSENT_SETTINGS, CONSENT_VERSION } from "#shared/consent.ts";
import { CONTACT_MIN_FILL_MS } from "#shared/contact.ts";
import { createTestApp, type TestApp } from "../tests/setup/test-app.ts";
import { AUTH_RATE_LIMIT_RULES } from "./auth.ts";
import { CONTACT_RATE_LIMIT } from "./features/contact/contact.service.ts";

// ADR 0040: the client address behind reverse proxies, through the real app on a real socket
// (127.0.0.1 plays the nginx on the same host). The client writes the left end of
// X-Forwarded-For; only what the trusted proxies appended on the right may pick the
// rate-limit bucket.

type Server = Awaited<ReturnType<TestApp["listen"]>>;

const apps: TestApp[] = [];
const servers: Server[] = [];
async function serve(env: Record<string, string>) {
  const app = await createTestApp({ env });
  apps.push(app);
  const server = await app.listen();
  servers.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(apps.map((app) => app.close()));
});

/** What a client may write into the header itself: a new address on every request. */
const spoofed = () => `198.18.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

function signIn(server: Server, forwardedFor: string) {
  return server.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email: "niemand@example.test", password: "falsch123" }),
  });
}

let contactCount = 0;
function contact(server: Server, forwardedFor: string) {
  contactCount += 1;
  return server.request("/api/contact", {
    method: "POST",
    headers: { "x-forwarded-for": forwardedFor },
    body: JSON.stringify({
      name: "Erika Mustermann",
      email: `erika-${contactCount}@example.test`,
      message: "Guten Tag, ich hätte gern ein Angebot.",
      website: "",
      fillDurationMs: CONTACT_MIN_FILL_MS + 5000,
    }),
  });
}

/** The address the server saw, as the consent history records it (ADR 0010). */
async function recordedAddress(server: Server, forwardedFor?: string): Promise<string> {
  const response = await server.request("/api/consent", {
    method: "POST",
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    body: JSON.stringify({ ...ACCEPTED_CONSENT_SETTINGS, version: CONSENT_VERSION, visitorId: crypto.randomUUID() }),
  });
  expect(response.status).toBe(201);
  return (await response.json()).ip_address;
}

/** Statuses of `count` requests sent one after another. */
async function statuses(count: number, send: () => Promise<Response>): Promise<number[]> {
  const result: number[] = [];
  for (let index = 0; index < count; index++) result.push((await send()).status);
  return result;
}

describe("behind one proxy (TRUST_PROXY=1)", () => {
  let server: Server;
  beforeAll(async () => {
    server = await serve({ TRUST_PROXY: "1", AUTH_RATE_LIMIT: "on" });
  });

  it("counts sign-ins by the address the proxy appended, whatever the client put in front", async () => {
    const max = AUTH_RATE_LIMIT_RULES["/sign-in/email"].max;
    const answered = await statuses(max + 1, () => signIn(server, `${spoofed()}, 203.0.113.7`));
    expect(answered).toEqual([...Array(max).fill(401), 429]);
    // Another client behind the same proxy has a bucket of its own.
    expect((await signIn(server, `${spoofed()}, 203.0.113.8`)).status).toBe(401);
  });

  it("counts contact messages the same way", async () => {
    const answered = await statuses(CONTACT_RATE_LIMIT.max + 1, () => contact(server, `${spoofed()}, 203.0.113.20`));
    expect(answered).toEqual([...Array(CONTACT_RATE_LIMIT.max).fill(200), 429]);
    expect((await contact(server, `${spoofed()}, 203.0.113.21`)).status).toBe(200);
  });

  it("records the appended address, and the proxy's own without the header", async () => {
    expect(await recordedAddress(server, `${spoofed()}, 203.0.113.30`)).toBe("203.0.113.30");
    expect(await recordedAddress(server)).toBe("127.0.0.1");
  });
});

describe("behind a CDN and nginx", () => {
  // The CDN writes the client's address, nginx appends the CDN's, the socket is nginx.
  const viaCdn = (client: string) => `${spoofed()}, ${client}, 10.20.30.40`;

  it.each([
    ["a hop count", "2"],
    ["the proxies' addresses", "127.0.0.1,10.0.0.0/8"],
  ])("finds the client with %s (TRUST_PROXY=%s)", async (_case, trustProxy) => {
    const server = await serve({ TRUST_PROXY: trustProxy });
    expect(await recordedAddress(server, viaCdn("203.0.113.40"))).toBe("203.0.113.40");
    const answered = await statuses(CONTACT_RATE_LIMIT.max + 1, () => contact(server, viaCdn("203.0.113.41")));
    expect(answered).toEqual([...Array(CONTACT_RATE_LIMIT.max).fill(200), 429]);
  });

  it("believes no entry when the socket's peer is not in the list", async () => {
    const server = await serve({ TRUST_PROXY: "10.0.0.0/8" });
    expect(await recordedAddress(server, viaCdn("203.0.113.42"))).toBe("127.0.0.1");
  });
});

describe("without TRUST_PROXY", () => {
  it("ignores X-Forwarded-For and counts by the socket's peer", async () => {
    const server = await serve({});
    expect(await recordedAddress(server, "203.0.113.50")).toBe("127.0.0.1");
    const answered = await statuses(CONTACT_RATE_LIMIT.max + 1, () => contact(server, spoofed()));
    expect(answered).toEqual([...Array(CONTACT_RATE_LIMIT.max).fill(200), 429]);
  });
});

describe("the old value TRUST_PROXY=true", () => {
  it("counts as one proxy and warns at the start", async () => {
    const lines: string[] = [];
    const logDestination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await createTestApp({ env: { TRUST_PROXY: "true", LOG_LEVEL: "warn" }, logDestination });
    apps.push(app);
    expect(lines.join("")).toMatch(/TRUST_PROXY=true gilt als TRUST_PROXY=1/);
    const server = await app.listen();
    servers.push(server);
    expect(await recordedAddress(server, `${spoofed()}, 203.0.113.60`)).toBe("203.0.113.60");
  });
});
