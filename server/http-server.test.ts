import type { AddressInfo } from "node:net";
import net from "node:net";
import { Hono } from "hono";
import { stream } from "hono/streaming";
import { afterEach, describe, expect, it } from "vitest";
import { bodyOverdue, type HttpServer, listen, SERVER_TIMEOUTS, UPLOAD_PATHS } from "./http-server.ts";

// ADR 0047: the production timeouts, shortened so a test takes well under a second; what is
// checked is which deadline applies to what, not how long it is.
const SHORT = {
  headersMs: 300,
  requestMs: 400,
  uploadIdleMs: 1_000,
  uploadMaxMs: 60_000,
  keepAliveMs: 5_000,
  checkEveryMs: 50,
};
const UPLOAD_PATH = "/api/generator/generate";
/**
 * A trickling client sends one byte per TRICKLE_PAUSE_MS, at most TRICKLE_LIMIT (20 s, under
 * Node's 16 KiB header limit); the server drops it long before, whatever the machine's speed.
 */
const TRICKLE_PAUSE_MS = 5;
const TRICKLE_LIMIT = 4_000;

const running: HttpServer[] = [];
afterEach(async () => {
  for (const http of running.splice(0)) {
    http.server.closeAllConnections();
    await new Promise((resolve) => http.server.close(resolve));
  }
});

async function start(app: Hono) {
  const http = await new Promise<HttpServer>((resolve) => {
    const started = listen({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", timeouts: SHORT }, () =>
      resolve(started),
    );
  });
  running.push(http);
  return (http.server.address() as AddressInfo).port;
}

/**
 * Sends `head`, then `byte` again and again, slowly, until the server closes the connection or
 * `limit` bytes are out (then it waits for the server).
 */
function trickle(port: number, head: string, byte: string, pace = { pauseMs: TRICKLE_PAUSE_MS, limit: TRICKLE_LIMIT }) {
  return new Promise<{ answer: string; sent: number }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", () => {});
    socket.once("close", () => resolve({ answer, sent }));
    const sendNext = () => {
      if (socket.destroyed || sent >= pace.limit) return;
      sent++;
      socket.write(byte, () => setTimeout(sendNext, pace.pauseMs));
    };
    socket.once("connect", () => socket.write(head, sendNext));
  });
}

describe("the HTTP server's timeouts", () => {
  it("are at most 30 s for a whole request in production, checked every second", () => {
    expect(SERVER_TIMEOUTS.requestMs + SERVER_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(31_000);
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(SERVER_TIMEOUTS.requestMs);
  });

  it("drop a client that trickles its body with 408", async () => {
    const port = await start(new Hono().post("/", async (c) => c.text(await c.req.text())));
    const { answer, sent } = await trickle(
      port,
      "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n",
      "x",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(TRICKLE_LIMIT);
  });

  it("let an upload that keeps arriving run past the request deadline", async () => {
    const port = await start(new Hono().post(UPLOAD_PATH, async (c) => c.text(`${(await c.req.text()).length}`)));
    // 80 bytes, one per 10 ms at the least: longer than requestMs in all, never idle.
    const { answer } = await trickle(
      port,
      `POST ${UPLOAD_PATH} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 80\r\n\r\n`,
      "x",
      { pauseMs: 10, limit: 80 },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\n\r\n80$/);
  });

  it("drop an upload that stops arriving with 408", async () => {
    const port = await start(new Hono().post(UPLOAD_PATH, async (c) => c.text(await c.req.text())));
    const { answer } = await trickle(
      port,
      `POST ${UPLOAD_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n`,
      "x",
      { pauseMs: 5, limit: 10 },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("time an upload by its progress and every other body by its total", () => {
    expect(UPLOAD_PATHS).toEqual([UPLOAD_PATH, "/api/media"]);
    const upload = { startedAt: 0, bytesRead: 0, progressAt: 0, upload: true };
    expect(bodyOverdue({ ...upload, progressAt: 50_000 }, 60_000, SERVER_TIMEOUTS)).toBe(false);
    expect(bodyOverdue({ ...upload, progressAt: 40_000 }, 60_000, SERVER_TIMEOUTS)).toBe(true);
    expect(bodyOverdue({ ...upload, progressAt: 599_000 }, 600_001, SERVER_TIMEOUTS)).toBe(true);
    expect(bodyOverdue({ ...upload, upload: false, progressAt: 29_000 }, 30_001, SERVER_TIMEOUTS)).toBe(true);
    expect(bodyOverdue({ ...upload, upload: false }, 29_000, SERVER_TIMEOUTS)).toBe(false);
  });

  it("drop a client that trickles its headers with 408", async () => {
    const port = await start(new Hono().get("/", (c) => c.text("ok")));
    // No blank line ever ends the headers.
    const { answer, sent } = await trickle(port, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", "a");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(TRICKLE_LIMIT);
  });

  it("never cut a response that streams for longer than the request deadline", async () => {
    // The stream ends only once a trickling client has been dropped, i.e. after the request
    // deadline has passed and been checked, while this response was still being sent.
    let slowClientDropped: () => void = () => {};
    const dropped = new Promise<void>((resolve) => {
      slowClientDropped = resolve;
    });
    const app = new Hono()
      .post("/upload", async (c) => c.text(await c.req.text()))
      .get("/stream", (c) =>
        stream(c, async (body) => {
          await body.write("erster Teil;");
          await dropped;
          await body.write("letzter Teil");
        }),
      );
    const port = await start(app);
    const response = await fetch(`http://127.0.0.1:${port}/stream`);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe("erster Teil;");

    const slow = await trickle(port, "POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n", "x");
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
    slowClientDropped();

    let rest = "";
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe("letzter Teil");
  });
});
