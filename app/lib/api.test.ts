import { describe, expect, it } from "vitest";
import { ApiError, isApiError, jsonOrThrow, toApiError } from "./api.ts";

function answer(status: number, body: unknown) {
  return { status, json: async () => body };
}

// ADR 0055: the page decides by the server's code, never by its German sentence.
describe("toApiError", () => {
  it("keeps the server's German message, status and code", async () => {
    const error = await toApiError(answer(409, { error: "Jemand war schneller.", code: "CHANGED_MEANWHILE" }));
    expect(error).toBeInstanceOf(ApiError);
    expect({ message: error.message, status: error.status, code: error.code }).toEqual({
      message: "Jemand war schneller.",
      status: 409,
      code: "CHANGED_MEANWHILE",
    });
  });

  it("has no code for an answer that is not ours (a proxy's page, an unknown code)", async () => {
    const page = await toApiError({
      status: 502,
      json: () => Promise.reject(new SyntaxError("Unexpected token <")),
    });
    expect(page.code).toBeNull();
    expect(page.message).toMatch(/Fehler/);
    expect((await toApiError(answer(400, { error: "Neu.", code: "SOMETHING_NEW" }))).code).toBeNull();
  });
});

describe("jsonOrThrow", () => {
  it("gives the body of a successful answer", async () => {
    expect(await jsonOrThrow({ ok: true, ...answer(200, { saved: 3 }) })).toEqual({ saved: 3 });
  });

  it("throws a failed answer as its ApiError", async () => {
    const failed = jsonOrThrow({
      ok: false,
      ...answer(409, { error: "Jemand war schneller.", code: "CHANGED_MEANWHILE" }),
    });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({
      message: "Jemand war schneller.",
      status: 409,
      code: "CHANGED_MEANWHILE",
    });
  });
});

describe("isApiError", () => {
  it("matches the code, whatever the message says", () => {
    const error = new ApiError("Ein ganz anderer Satz.", 409, "NAME_TAKEN");
    expect(isApiError(error, "NAME_TAKEN")).toBe(true);
    expect(isApiError(error, "CHANGED_MEANWHILE")).toBe(false);
    expect(isApiError(new Error("NAME_TAKEN"), "NAME_TAKEN")).toBe(false);
    expect(isApiError(null, "NAME_TAKEN")).toBe(false);
  });
});
