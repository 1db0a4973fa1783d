import http from "node:http";
import type { AddressInfo } from "node:net";
import { runOnItsOwn } from "./social-fake.ts";

// A webhook receiver at the HTTP boundary (ADR 0110): records every request (headers and body as
// sent) and answers 204, or what the test switches it to: another status, or no answer at all
// (a hang, for the timeout). Run alone: `node --import tsx tests/mocks/webhook-receiver.ts`
// (port 3188 or WEBHOOK_FAKE_PORT), with WEBHOOK_ALLOWED_ORIGIN=http://127.0.0.1:3188.

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string };

export async function startWebhookReceiver({ port = 0 } = {}) {
  const received: ReceivedWebhook[] = [];
  let answer: number | "hang" = 204;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "/", headers: request.headers, body: Buffer.concat(chunks).toString() });
      if (answer !== "hang") response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** Answers every following request with `status`, or never ("hang"). */
    answerWith(status: number | "hang") {
      answer = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

await runOnItsOwn(import.meta.url, "Webhook-Empfänger", async () => {
  const receiver = await startWebhookReceiver({ port: Number(process.env.WEBHOOK_FAKE_PORT ?? 3188) });
  return { url: receiver.origin, env: { WEBHOOK_ALLOWED_ORIGIN: receiver.origin } };
});
