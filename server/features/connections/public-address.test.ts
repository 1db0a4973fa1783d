import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ADDRESS_HINTS } from "#shared/publishing.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { listConnections } from "./connections.service.ts";

// An installation Meta cannot reach (BASE_URL on localhost, ADR 0097, 0098): "Verbundene Konten"
// tells the composer that Instagram is held back and that Threads takes no images, so it can say why.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { META_APP_ID: "app", META_APP_SECRET: "secret", THREADS_APP_ID: "app", THREADS_APP_SECRET: "secret" },
  });
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/connections on a BASE_URL that is not public", () => {
  it("names Instagram and Threads' images as held back; a public one holds nothing back", async () => {
    const cookie = await t.signUpAndConfirm("lokal@example.test");
    const response = await t.request("/api/connections", { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { heldBackByAddress: unknown };
    expect(body.heldBackByAddress).toEqual({ instagram: true, threadsImages: true });
    expect(PUBLIC_ADDRESS_HINTS.instagram).toContain("BASE_URL");

    const { networks } = t.deps.env;
    const env = {
      ...t.deps.env,
      networks: {
        ...networks,
        meta: { ...networks.meta, publicImages: true },
        threads: { ...networks.threads, publicImages: true },
      },
    };
    const list = await listConnections({ ...t.deps, env }, "nobody");
    expect(list.heldBackByAddress).toEqual({ instagram: false, threadsImages: false });
  });
});
