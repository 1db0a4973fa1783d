import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorCode } from "#shared/api-errors.ts";
import { setUpTestApp, t } from "../tests/setup/app-per-file.ts";
import { createTestApp, TEST_BASE_URL } from "../tests/setup/test-app.ts";
import { openTestDatabase } from "../tests/setup/test-database.ts";
import { UNEXPECTED_ERROR_MESSAGE } from "./unexpected-error.ts";

// ADR 0055: every error answer of our API is { error, code }, whichever layer answers: the
// origin check, the body limit, the JSON reader, the validators, the session, the routes and the
// app's error handler. One request per layer; the fuzzer (api-fuzz.test.ts) checks the rest.

setUpTestApp();
let cookie: string;
beforeAll(async () => {
  cookie = await t.signUpAndConfirm("fehlercodes@example.test");
});

const json = { "content-type": "application/json", origin: TEST_BASE_URL };

const cases: [string, () => Response | Promise<Response>, number, ApiErrorCode][] = [
  ["an unknown API path", () => t.request("/api/nirgendwo"), 404, "NOT_FOUND"],
  ["no session", () => t.request("/api/profile"), 401, "NOT_SIGNED_IN"],
  [
    "a request from another origin",
    () => t.app.request("/api/contact", { method: "POST", body: "{}", headers: { ...json, origin: "https://x.test" } }),
    403,
    "ORIGIN_REFUSED",
  ],
  [
    "a body that is no JSON",
    () => t.app.request("/api/contact", { method: "POST", body: "{", headers: json }),
    400,
    "UNREADABLE_REQUEST",
  ],
  ["a body the schema refuses", () => t.postJson("/api/contact", { name: "Anna" }), 400, "INVALID_INPUT"],
  [
    "a body over the limit",
    () => t.app.request("/api/contact", { method: "POST", body: "x".repeat(70 * 1024), headers: json }),
    413,
    "REQUEST_TOO_LARGE",
  ],
  ["a user who is no admin", () => t.request("/api/admin/users", { cookie }), 403, "NOT_ADMIN"],
  [
    "an archive entry that is not there",
    () => t.request(`/api/archive/${crypto.randomUUID()}`, { cookie }),
    404,
    "NOT_FOUND",
  ],
  [
    "an unknown objection link",
    () => t.postJson("/api/account-security/email-change-objection", { token: "x".repeat(40) }),
    400,
    "INVALID_LINK",
  ],
];

describe("error answers", () => {
  it.each(cases)("carry a stable code for %s", async (_case, send, status, code) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: expect.any(String), code });
  });

  it("carry a code under /api/auth too, in the same shape, also where Better Auth gives none", async () => {
    const response = await t.postJson(
      "/api/auth/change-email",
      { newEmail: "neu@example.test", callbackURL: -1 },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String), code: "INVALID_INPUT" });
  });

  it("carry SERVER_ERROR and the German message when a route fails unexpectedly", async () => {
    const real = await openTestDatabase();
    const db = new Proxy(real.db, {
      get(target, property, receiver) {
        // Thrown at once: a rejected promise would be left unawaited once the query builder's
        // next call fails on it, and Vitest counts that as an unhandled error.
        if (property === "select")
          return () => {
            throw new Error("kaputt");
          };
        return Reflect.get(target, property, receiver);
      },
    });
    const broken = await createTestApp({ database: { ...real, db } });
    try {
      const response = await broken.request("/api/consent/definitions");
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: UNEXPECTED_ERROR_MESSAGE, code: "SERVER_ERROR" });
    } finally {
      await broken.close();
      await real.close();
    }
  });
});
