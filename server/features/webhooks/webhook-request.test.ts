import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/mocks/webhook-receiver.ts";
import { postToEndpoint } from "./webhook-request.ts";
import { vetWebhookUrl } from "./webhooks.service.ts";

// A delivery connects to the address its endpoint was vetted at (ADR 0110): what the name
// resolves to at the moment of connecting does not matter.

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const noOrigin = { env: { WEBHOOK_ALLOWED_ORIGIN: undefined } } as unknown as Parameters<typeof vetWebhookUrl>[0];

describe("a webhook's request", () => {
  it("goes to the vetted address, even under a name no resolver knows", async () => {
    const port = new URL(receiver.origin).port;
    // `.invalid` never resolves (RFC 6761): only the pinned address can have reached the receiver.
    const url = new URL(`http://postwerk-webhook.invalid:${port}/gepinnt`);
    const status = await postToEndpoint(
      { url, address: { address: "127.0.0.1", family: 4 } },
      AbortSignal.timeout(10_000),
      '{"ok":true}',
      { "content-type": "application/json" },
    );
    expect(status).toBe(204);
    const got = receiver.received.find((request) => request.path === "/gepinnt");
    expect(got?.body).toBe('{"ok":true}');
    expect(got?.headers.host).toBe(`postwerk-webhook.invalid:${port}`);
  });

  it("is refused by the resolver without a pinned address", async () => {
    const port = new URL(receiver.origin).port;
    const url = new URL(`http://postwerk-webhook.invalid:${port}/ungepinnt`);
    await expect(postToEndpoint({ url, address: null }, AbortSignal.timeout(10_000), "{}", {})).rejects.toThrow();
  });

  it("is vetted to the address it then connects to", async () => {
    await expect(vetWebhookUrl(noOrigin, "https://93.184.215.14/hook")).resolves.toEqual({
      url: new URL("https://93.184.215.14/hook"),
      address: { address: "93.184.215.14", family: 4 },
    });
    await expect(vetWebhookUrl(noOrigin, "https://127.0.0.1/hook")).rejects.toThrow();
  });
});
