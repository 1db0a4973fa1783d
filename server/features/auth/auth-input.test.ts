import { describe, expect, it } from "vitest";
import { INVALID_CHARACTERS_MESSAGE } from "#shared/text.schemas.ts";
import { findAuthInputProblem } from "./auth-input.ts";

// A NUL in any field of an auth request is refused before Better Auth looks anything up:
// PostgreSQL takes no NUL in a text value and answered the lookup with an error (a 500).

describe("findAuthInputProblem", () => {
  it("refuses a NUL in a reset token, an address or a password, in German", async () => {
    for (const [path, body] of [
      ["/reset-password", { token: "Guten Tag,\u0000 ich", newPassword: "Laterne-Zimt-43" }],
      ["/sign-in/email", { email: "anna\u0000@example.test", password: "Laterne-Zimt-43" }],
      ["/request-password-reset", { email: "anna@example.test\u0000" }],
    ] as const)
      expect(await findAuthInputProblem(path, body)).toBe(INVALID_CHARACTERS_MESSAGE);
  });

  it("lets a body without one through to the other checks", async () => {
    expect(await findAuthInputProblem("/sign-in/email", { email: "anna@example.test", password: "x" })).toBeNull();
  });
});
