import { describe, expect, it } from "vitest";
import { withSignedInHint } from "./signed-in-hint.ts";

function answer(...cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response("{}", { status: 200, headers });
}

const hintOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith("postwerk.signed_in="));

describe("withSignedInHint", () => {
  it("sets the hint with the session cookie's lifetime when a session starts", () => {
    const response = withSignedInHint(
      answer("postwerk.session_token=abc.def; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax"),
    );
    expect(hintOf(response)).toBe("postwerk.signed_in=1; Path=/; Max-Age=604800; SameSite=Lax");
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it("keeps Secure for the HTTPS cookie", () => {
    const response = withSignedInHint(
      answer("__Secure-postwerk.session_token=abc; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax"),
    );
    expect(hintOf(response)).toBe("postwerk.signed_in=1; Path=/; Max-Age=60; SameSite=Lax; Secure");
  });

  it.each([
    ["an emptied cookie", "postwerk.session_token=; Max-Age=0; Path=/; HttpOnly"],
    ["an expired cookie", "postwerk.session_token=abc; Max-Age=0; Path=/"],
  ])("removes the hint with %s", (_case, cookie) => {
    expect(hintOf(withSignedInHint(answer(cookie)))).toBe("postwerk.signed_in=; Path=/; Max-Age=0; SameSite=Lax");
  });

  it("leaves answers without the session cookie alone", () => {
    const original = answer("postwerk.other=1; Path=/");
    expect(withSignedInHint(original)).toBe(original);
  });
});
