import { describe, expect, it } from "vitest";
import { readEnv } from "#server/env.ts";
import { NETWORK_IDS } from "#shared/networks.ts";
import { modulesResolvedBy } from "../../../tests/support/resolved-modules.ts";
import { rateLimitResetAt, safeDetail } from "./network-failures.ts";
import { createSocialNetworks } from "./networks.ts";

describe("createSocialNetworks", () => {
  it("builds all of them; X and LinkedIn are configured only with their apps, Bluesky and Mastodon always", () => {
    const bare = createSocialNetworks(readEnv({}).networks);
    expect(Object.keys(bare).sort()).toEqual([...NETWORK_IDS].sort());
    expect(NETWORK_IDS.map((id) => [id, bare[id].id, bare[id].configured])).toEqual([
      ["x", "x", false],
      ["linkedin", "linkedin", false],
      ["bluesky", "bluesky", true],
      ["facebook", "facebook", false],
      ["instagram", "instagram", false],
      ["threads", "threads", false],
      ["mastodon", "mastodon", true],
    ]);
    const full = createSocialNetworks(
      readEnv({ X_CLIENT_ID: "a", X_CLIENT_SECRET: "b", LINKEDIN_CLIENT_ID: "c", LINKEDIN_CLIENT_SECRET: "d" })
        .networks,
    );
    expect(full.x.configured && full.linkedin.configured).toBe(true);
    const threads = createSocialNetworks(readEnv({ THREADS_APP_ID: "e", THREADS_APP_SECRET: "f" }).networks).threads;
    expect(threads.configured).toBe(true);
    // Images need a public BASE_URL (ADR 0098): localhost has none, a public https host has one.
    expect(readEnv({}).networks.threads.publicImages).toBe(false);
    expect(readEnv({ BASE_URL: "https://postwerk.de" }).networks.threads.publicImages).toBe(true);
    expect(full.x.limits).toEqual({ postsPerWindow: 100, windowMs: 15 * 60 * 1000 });
  });

  it("offers Instagram only with a public BASE_URL (Meta fetches the image there), and says why not (ADR 0097)", () => {
    const meta = { META_APP_ID: "a", META_APP_SECRET: "b" };
    const local = createSocialNetworks(readEnv(meta).networks);
    expect([local.facebook.configured, local.instagram.configured]).toEqual([true, false]);
    expect(local.instagram.notConfiguredReason).toMatch(/nicht öffentlich erreichbar/);
    const open = createSocialNetworks(readEnv({ ...meta, BASE_URL: "https://postwerk.example.de" }).networks);
    expect(open.instagram.configured).toBe(true);
    const privateIp = createSocialNetworks(readEnv({ ...meta, BASE_URL: "http://192.168.1.5:3000" }).networks);
    expect(privateIp.instagram.configured).toBe(false);
    const fake = createSocialNetworks(readEnv({ ...meta, META_ALLOW_PRIVATE_IMAGE_URLS: "true" }).networks);
    expect(fake.instagram.configured).toBe(true);
  });
});

describe("loading", () => {
  it("builds the networks without loading the network SDKs, which come on first use (ADR 0029)", () => {
    const resolved = modulesResolvedBy(`
      const { createSocialNetworks } = await import("./server/integrations/social/networks.ts");
      const { readEnv } = await import("./server/env.ts");
      createSocialNetworks(readEnv({ X_CLIENT_ID: "a", X_CLIENT_SECRET: "b" }).networks);`);
    expect(resolved).toContain("#server/integrations/x/x-network.ts");
    // X needs no SDK (fetch, ADR 0060); Bluesky's @atproto/api comes on first use.
    expect(resolved.filter((specifier) => /^@atproto\/api/.test(specifier))).toEqual([]);
  });
});

describe("rateLimitResetAt", () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  const now = Date.UTC(2030, 0, 1);

  it("reads X's epoch seconds, Bluesky's epoch ratelimit-reset, a delay and retry-after in both forms", () => {
    expect(rateLimitResetAt(headers({ "x-rate-limit-reset": "1893456300" }), now)).toEqual(new Date(1_893_456_300_000));
    expect(rateLimitResetAt(headers({ "ratelimit-reset": "1893456300" }), now)).toEqual(new Date(1_893_456_300_000));
    expect(rateLimitResetAt(headers({ "ratelimit-reset": "30" }), now)).toEqual(new Date(now + 30_000));
    expect(rateLimitResetAt(headers({ "retry-after": "120" }), now)).toEqual(new Date(now + 120_000));
    expect(rateLimitResetAt(headers({ "retry-after": "Tue, 01 Jan 2030 00:05:00 GMT" }), now)).toEqual(
      new Date(now + 300_000),
    );
  });

  it("waits a minute when the network names no time", () => {
    expect(rateLimitResetAt(headers({}), now)).toEqual(new Date(now + 60_000));
  });
});

describe("safeDetail", () => {
  it("removes tokens and the post's text and cuts long reasons", () => {
    expect(safeDetail("token abcdef1234 invalid for 'Hallo Welt'", ["abcdef1234", "Hallo Welt"])).toBe(
      "token … invalid for '…'",
    );
    expect(safeDetail("x".repeat(500), [])?.length).toBe(200);
    expect(safeDetail("", [])).toBeNull();
  });
});
