import http from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_TEXTS } from "#shared/contact.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import { OPTIMIZER_ERRORS } from "#shared/optimizer.ts";
import { createTestApp, TEST_BASE_URL, type TestApp } from "../tests/setup/test-app.ts";
import { BODY_LIMITS, findBodyLimit, GENERATE_BODY_MAX_BYTES, KIB, REQUEST_TOO_LARGE_MESSAGE } from "./body-limits.ts";

let t: TestApp;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A JSON body of `bytes` bytes: one long string field. */
function jsonOfSize(bytes: number): string {
  return JSON.stringify({ name: "x".repeat(Math.max(0, bytes - 11)) });
}

describe("the body limit of /api", () => {
  it("has a rule for every API path, the generator's image upload the largest", () => {
    expect(findBodyLimit("/api/consent")?.maxBytes).toBe(64 * KIB);
    expect(findBodyLimit("/api/auth/sign-in/email")?.maxBytes).toBe(16 * KIB);
    expect(findBodyLimit("/api/generator/generate")?.maxBytes).toBe(GENERATE_BODY_MAX_BYTES);
    expect(findBodyLimit("/api/generator/unlock")?.maxBytes).toBe(64 * KIB);
    expect(findBodyLimit("/seite")).toBeUndefined();
    expect(Math.max(...BODY_LIMITS.map((rule) => rule.maxBytes))).toBe(GENERATE_BODY_MAX_BYTES);
  });

  it.each([
    ["/api/consent", 64 * KIB, REQUEST_TOO_LARGE_MESSAGE],
    ["/api/auth/sign-in/email", 16 * KIB, REQUEST_TOO_LARGE_MESSAGE],
    ["/api/auth/sign-up/email", 16 * KIB, REQUEST_TOO_LARGE_MESSAGE],
    ["/api/auth/update-user", 16 * KIB, REQUEST_TOO_LARGE_MESSAGE],
    ["/api/generator/unlock", 64 * KIB, REQUEST_TOO_LARGE_MESSAGE],
    ["/api/contact", 64 * KIB, CONTACT_TEXTS.messageTooLong],
    ["/api/optimizer/improve-post", 64 * KIB, OPTIMIZER_ERRORS.textTooLong],
    ["/api/generator/generate", GENERATE_BODY_MAX_BYTES, GENERATOR_MESSAGES.imageTooLarge],
  ])("answers %s with 413 and a German message one byte over %i bytes", async (path, maxBytes, message) => {
    // With its length declared, as a browser sends it: refused before the route runs at all.
    const body = jsonOfSize(maxBytes + 1);
    const headers = { "content-length": String(Buffer.byteLength(body)) };
    const response = await t.request(path, { method: "POST", body, headers });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: message, code: "REQUEST_TOO_LARGE" });
    expect(response.headers.get("connection")).toBe("close");
  });

  it("lets a body of exactly the limit through to the route", async () => {
    const response = await t.request("/api/auth/sign-in/email", { method: "POST", body: jsonOfSize(16 * KIB) });
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });

  // Sends `totalBytes` to the real server in 1 MiB chunks, with or without a Content-Length,
  // and stops once the server has answered. Returns the status and how much was sent.
  function upload(path: string, totalBytes: number, withLength: boolean) {
    return new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      let sentBytes = 0;
      let answered = false;
      const request = http.request({
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          origin: TEST_BASE_URL,
          "content-type": "application/json",
          ...(withLength ? { "content-length": String(totalBytes) } : { "transfer-encoding": "chunked" }),
        },
      });
      request.on("response", (response) => {
        answered = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (text) => {
          body += text;
        });
        response.on("end", () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, sentBytes });
        });
      });
      // The server closes the connection after its 413; a write into it may fail afterwards.
      request.on("error", (error) => (answered ? undefined : reject(error)));
      request.write('{"essential":"');
      const writeMore = () => {
        while (!answered && sentBytes < totalBytes) {
          sentBytes += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", writeMore);
        }
        if (!answered) request.end('"}');
      };
      writeMore();
    });
  }

  it.each([
    ["with a Content-Length", true],
    ["chunked, without a Content-Length", false],
  ])("refuses a 600 MB body %s before reading it, and memory stays flat", async (_case, withLength) => {
    // What the server keeps, after a collection: the RSS also counts the garbage of every chunk
    // the server read and dropped before its 413 arrived, which grows with the machine's load.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const retained = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = retained();
    const result = await upload("/api/consent", 600 * 1024 * 1024, withLength);
    const growth = retained() - before;
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: REQUEST_TOO_LARGE_MESSAGE, code: "REQUEST_TOO_LARGE" });
    // The server answered long before the client could have sent it all.
    expect(result.sentBytes).toBeLessThan(100 * 1024 * 1024);
    expect(growth).toBeLessThan(50 * 1024 * 1024);
  });

  it("answers a large body to Better Auth's sign-in with 413, not 500", async () => {
    const result = await upload("/api/auth/sign-in/email", 64 * 1024 * 1024, false);
    expect(result.status).toBe(413);
  });
});
