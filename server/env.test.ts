import { describe, expect, it } from "vitest";
import { readEnv } from "./env.ts";
import { TRUST_PROXY_MAX_HOPS } from "./proxy-trust.ts";

describe("readEnv: AI settings", () => {
  it("means the offline demo mode without AI_PROVIDER", () => {
    expect(readEnv({}).ai).toBeNull();
    expect(readEnv({ AI_PROVIDER: "" }).ai).toBeNull();
  });

  it("gives every hosted provider a default model and the 30-second timeout", () => {
    expect(readEnv({ AI_PROVIDER: "anthropic", AI_API_KEY: "sk-test" }).ai).toEqual({
      provider: "anthropic",
      model: "claude-haiku-4-5",
      apiKey: "sk-test",
      baseUrl: undefined,
      timeoutMs: 30_000,
    });
    for (const provider of ["openai", "google", "mistral"]) {
      expect(readEnv({ AI_PROVIDER: provider, AI_API_KEY: "k" }).ai?.model).toMatch(/\w/);
    }
  });

  it("takes the model, base URL and timeout from the environment", () => {
    expect(
      readEnv({
        AI_PROVIDER: "openai-compatible",
        AI_BASE_URL: "http://127.0.0.1:11434/v1",
        AI_MODEL: "llama3.1",
        AI_TIMEOUT_MS: "5000",
      }).ai,
    ).toEqual({
      provider: "openai-compatible",
      model: "llama3.1",
      apiKey: undefined,
      baseUrl: "http://127.0.0.1:11434/v1",
      timeoutMs: 5000,
    });
  });

  it("refuses incomplete or unknown settings with a German message naming the variable", () => {
    expect(() => readEnv({ AI_PROVIDER: "openai" })).toThrow(/AI_API_KEY/);
    expect(() => readEnv({ AI_PROVIDER: "openai-compatible", AI_MODEL: "m" })).toThrow(/AI_BASE_URL/);
    expect(() => readEnv({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: "http://x/v1" })).toThrow(/AI_MODEL/);
    expect(() => readEnv({ AI_PROVIDER: "skynet" })).toThrow(/Ungültige Konfiguration[\s\S]*AI_PROVIDER/);
    expect(() => readEnv({ AI_PROVIDER: "openai", AI_API_KEY: "k", AI_TIMEOUT_MS: "0" })).toThrow(/AI_TIMEOUT_MS/);
  });
});

describe("readEnv: the auth secret in production", () => {
  it.each([
    ["missing", {}],
    ["shorter than 32 characters", { BETTER_AUTH_SECRET: "a".repeat(31) }],
  ])("refuses to start when it is %s", (_case, secret) => {
    expect(() => readEnv({ NODE_ENV: "production", ...secret })).toThrow(/BETTER_AUTH_SECRET.*mindestens 32 Zeichen/);
  });

  it("takes a secret of 32 characters, and none at all outside production", () => {
    expect(readEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: "a".repeat(32) }).BETTER_AUTH_SECRET).toHaveLength(32);
    expect(readEnv({ NODE_ENV: "development" }).BETTER_AUTH_SECRET).toBeUndefined();
  });
});

describe("readEnv: TRUST_PROXY (ADR 0040)", () => {
  it("ignores X-Forwarded-For when unset or false", () => {
    expect(readEnv({}).TRUST_PROXY).toEqual({ kind: "none" });
    expect(readEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toEqual({ kind: "none" });
  });

  it("takes a number of proxies, and the old true as one", () => {
    expect(readEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 2, fromTrue: false });
    expect(readEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1, fromTrue: true });
  });

  it("takes a list of proxy addresses and CIDR ranges", () => {
    expect(readEnv({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8" }).TRUST_PROXY).toMatchObject({
      kind: "addresses",
      entries: ["127.0.0.1", "10.0.0.0/8"],
    });
  });

  it.each(["yes", "on", String(TRUST_PROXY_MAX_HOPS + 1), "10.0.0.0/40", "127.0.0.1,proxy.local"])(
    "refuses %j with a German message naming the variable",
    (value) => {
      expect(() => readEnv({ TRUST_PROXY: value })).toThrow(
        /Ungültige Konfiguration[\s\S]*TRUST_PROXY: erwartet false/,
      );
    },
  );
});

describe("readEnv: HOST (ADR 0047)", () => {
  it("listens on every interface without it", () => {
    expect(readEnv({}).HOST).toBeUndefined();
    expect(readEnv({ HOST: " " }).HOST).toBeUndefined();
  });

  it("takes an IPv4 or IPv6 address", () => {
    expect(readEnv({ HOST: "127.0.0.1" }).HOST).toBe("127.0.0.1");
    expect(readEnv({ HOST: "::1" }).HOST).toBe("::1");
    expect(readEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("refuses a name or anything else in German", () => {
    for (const host of ["localhost", "example.test", "127.0.0.1:3000", "999.1.1.1"]) {
      expect(() => readEnv({ HOST: host })).toThrow(/HOST: muss eine IP-Adresse sein/);
    }
  });
});

describe("readEnv: social networks (ADR 0060)", () => {
  it("leaves X and LinkedIn unset without their apps and points every network at its real host", () => {
    expect(readEnv({}).networks).toEqual({
      timeoutMs: 30_000,
      x: { app: null, apiBase: "https://api.x.com", webBase: "https://x.com", appBearerToken: null },
      linkedin: {
        app: null,
        apiBase: "https://api.linkedin.com",
        webBase: "https://www.linkedin.com",
        postAnalytics: false,
      },
      bluesky: { service: "https://bsky.social", appView: "https://public.api.bsky.app" },
      meta: {
        app: null,
        graphBase: "https://graph.facebook.com",
        webBase: "https://www.facebook.com",
        publicImages: false,
      },
      threads: { app: null, apiBase: "https://graph.threads.net", webBase: "https://threads.net", publicImages: false },
      mastodon: { allowedInstance: null },
    });
  });

  it("lets only the named Mastodon instance through as non-public (the fake, ADR 0095)", () => {
    expect(readEnv({ MASTODON_ALLOWED_INSTANCE: "http://127.0.0.1:3190/" }).networks.mastodon).toEqual({
      allowedInstance: "http://127.0.0.1:3190",
    });
  });

  it("takes the apps, the fakes' bases (without a trailing slash) and the timeout", () => {
    const networks = readEnv({
      X_CLIENT_ID: "x-id",
      X_CLIENT_SECRET: "x-secret",
      X_API_BASE: "http://127.0.0.1:3193/",
      X_WEB_BASE: "http://127.0.0.1:3193",
      X_BEARER_TOKEN: "x-app-bearer",
      LINKEDIN_CLIENT_ID: "li-id",
      LINKEDIN_CLIENT_SECRET: "li-secret",
      BLUESKY_SERVICE: "http://127.0.0.1:3195",
      BLUESKY_APPVIEW: "http://127.0.0.1:3195/",
      NETWORK_TIMEOUT_MS: "500",
    }).networks;
    expect(networks.x).toEqual({
      app: { clientId: "x-id", clientSecret: "x-secret" },
      apiBase: "http://127.0.0.1:3193",
      webBase: "http://127.0.0.1:3193",
      appBearerToken: "x-app-bearer",
    });
    expect(networks.linkedin.app).toEqual({ clientId: "li-id", clientSecret: "li-secret" });
    expect(networks.bluesky).toEqual({ service: "http://127.0.0.1:3195", appView: "http://127.0.0.1:3195" });
    expect(networks.timeoutMs).toBe(500);
  });

  it("refuses a client id without its secret (and the other way round) and a base that is no URL", () => {
    expect(() => readEnv({ X_CLIENT_ID: "x-id" })).toThrow(/X_CLIENT_SECRET: ist mit X_CLIENT_ID Pflicht/);
    expect(() => readEnv({ LINKEDIN_CLIENT_SECRET: "s" })).toThrow(
      /LINKEDIN_CLIENT_ID: ist mit LINKEDIN_CLIENT_SECRET Pflicht/,
    );
    expect(() => readEnv({ BLUESKY_SERVICE: "bsky.social" })).toThrow(/BLUESKY_SERVICE/);
  });
});

describe("SMTP_URL", () => {
  // nodemailer reads it only with the first mail (mailer.ts), so a typo shows at the start.
  it("takes an smtp:// or smtps:// URL and refuses anything else", () => {
    expect(readEnv({ SMTP_URL: "smtps://user:secret@smtp.example.com:465" }).SMTP_URL).toBe(
      "smtps://user:secret@smtp.example.com:465",
    );
    expect(readEnv({ SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(readEnv({}).SMTP_URL).toBeUndefined();
    expect(() => readEnv({ SMTP_URL: "smtp.example.com" })).toThrow(/SMTP_URL/);
    expect(() => readEnv({ SMTP_URL: "https://smtp.example.com" })).toThrow(/SMTP_URL/);
  });
});
