import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { UNEXPECTED_ERROR_MESSAGE } from "#server/unexpected-error.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";

// ADR 0047: a failure of the database behind Better Auth reaches the visitor in German and the
// log with the path, never with the body.
const lines: string[] = [];
const logDestination = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    done();
  },
});
const failuresIn = (path: string) =>
  lines
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.msg === "Anmeldedienst fehlgeschlagen" && entry.path === path);

setUpTestApp({ env: { LOG_LEVEL: "info" }, logDestination });

describe("Better Auth on a failing database", () => {
  it("answers a sign-up whose insert fails with the German 500, not 422 'Failed to create user'", async () => {
    await t.db.execute(sql`alter table "user" add constraint refuse_all check (false)`);
    try {
      const response = await t.signUp({
        email: "geheim-neu@example.test",
        password: "Sonnenblume-4711",
        name: "Geheimer Name",
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: UNEXPECTED_ERROR_MESSAGE, code: "SERVER_ERROR" });
      expect(failuresIn("/api/auth/sign-up/email")).toEqual([
        expect.objectContaining({ status: 422, method: "POST", requestId: expect.any(String) }),
      ]);
      const log = lines.join("\n");
      expect(log).not.toContain("geheim-neu@example.test");
      expect(log).not.toContain("Sonnenblume-4711");
      expect(log).not.toContain("Geheimer Name");
    } finally {
      await t.db.execute(sql`alter table "user" drop constraint refuse_all`);
    }
  });

  it("answers a sign-in whose query fails with the German 500 instead of an empty one", async () => {
    await t.db.execute(sql`alter table "user" rename to user_away`);
    // better-call prints an error it does not know to stderr, query parameters and all.
    const printed = vi.spyOn(console, "error");
    try {
      const response = await t.postJson("/api/auth/sign-in/email", {
        email: "geheim-alt@example.test",
        password: "Sonnenblume-4711",
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: UNEXPECTED_ERROR_MESSAGE, code: "SERVER_ERROR" });
      expect(failuresIn("/api/auth/sign-in/email")).toEqual([
        expect.objectContaining({
          err: expect.objectContaining({ message: expect.stringMatching(/^Failed query: select/) }),
        }),
      ]);
      expect(lines.join("\n")).not.toContain("geheim-alt@example.test");
      expect(
        printed.mock.calls
          .flat()
          .map((argument) => String(argument?.stack ?? argument))
          .join("\n"),
      ).not.toContain("select");
    } finally {
      printed.mockRestore();
      await t.db.execute(sql`alter table user_away rename to "user"`);
    }
  });

  it("answers the same when Better Auth throws, and logs the error without its parameters", async () => {
    const failure = Object.assign(new Error("Failed query: select 1\nparams: geheim-wurf@example.test"), {
      query: "select 1",
      params: ["geheim-wurf@example.test"],
    });
    const handler = vi.spyOn(t.deps.auth, "handler").mockRejectedValueOnce(failure);
    try {
      const response = await t.request("/api/auth/get-session");
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: UNEXPECTED_ERROR_MESSAGE, code: "SERVER_ERROR" });
      expect(failuresIn("/api/auth/get-session")).toEqual([
        expect.objectContaining({ err: expect.objectContaining({ message: "Failed query: select 1" }) }),
      ]);
      expect(lines.join("\n")).not.toContain("geheim-wurf@example.test");
    } finally {
      handler.mockRestore();
    }
  });

  it("leaves Better Auth's other refusals alone", async () => {
    const response = await t.postJson("/api/auth/sign-in/email", {
      email: "niemand@example.test",
      password: "Sonnenblume-4711",
    });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(failuresIn("/api/auth/sign-in/email")).toHaveLength(1);
  });
});
