import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-errors.ts";

// Which database failures the server answers with 503 "try again" instead of 500 (ADR 0045).

/** As Drizzle throws them: its own error with the driver's in `cause`. */
function drizzleError(cause: object): Error {
  return Object.assign(new Error("Failed query: select 1"), { cause });
}

describe("isDatabaseUnavailable", () => {
  it("counts a deadlock and a serialization failure as passing: the transaction rolled back whole", () => {
    expect(isDatabaseUnavailable(drizzleError({ code: "40P01", message: "deadlock detected" }))).toBe(true);
    expect(isDatabaseUnavailable(drizzleError({ code: "40001", message: "could not serialize access" }))).toBe(true);
  });

  it("counts timeouts, a full disk and a lost connection, by code or by node-postgres' message", () => {
    expect(isDatabaseUnavailable(drizzleError({ code: "57014" }))).toBe(true);
    expect(isDatabaseUnavailable(drizzleError({ code: "53100" }))).toBe(true);
    expect(isDatabaseUnavailable(drizzleError({ code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(drizzleError(new Error("Query read timeout")))).toBe(true);
  });

  it("leaves a bug a bug: a syntax error or a broken constraint is not passing", () => {
    expect(isDatabaseUnavailable(drizzleError({ code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(drizzleError({ code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("irgendwas"))).toBe(false);
  });

  it("stops on a cyclic cause chain", () => {
    const a: { cause?: unknown } = {};
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
