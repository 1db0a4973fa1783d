import { describe, expect, it } from "vitest";
import { safeReturnUrl, signInPath } from "./return-url.ts";

describe("safeReturnUrl", () => {
  it("keeps a path of this site with its query", () => {
    expect(safeReturnUrl("/xposter-evaluator")).toBe("/xposter-evaluator");
    expect(safeReturnUrl("/konto?plan=generator_pro")).toBe("/konto?plan=generator_pro");
    expect(safeReturnUrl("/redaktionsplan")).toBe("/redaktionsplan");
  });

  it("keeps the networks' OAuth returns with the network's query", () => {
    expect(safeReturnUrl("/api/connections/x/callback?code=abc&state=d-e_f")).toBe(
      "/api/connections/x/callback?code=abc&state=d-e_f",
    );
    expect(safeReturnUrl("/api/connections/linkedin/callback?error=access_denied")).toBe(
      "/api/connections/linkedin/callback?error=access_denied",
    );
  });

  it("refuses whatever a browser would take to another host", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "https://evil.example",
      "evil.example",
      "",
      null,
      42,
    ]) {
      expect(safeReturnUrl(value)).toBeUndefined();
    }
  });

  it("refuses the server's other paths, however they are spelled", () => {
    for (const value of [
      "/api/data-export",
      "/api/connections/x/start",
      "/api/connections/myspace/callback",
      "/api/auth/sign-out",
      "/API/data-export",
      "/%61pi/data-export",
      "/konto/../api/data-export",
      "/api",
    ]) {
      expect(safeReturnUrl(value)).toBeUndefined();
    }
  });
});

describe("signInPath", () => {
  it("opens /auth in sign-in mode with the way back in the query", () => {
    expect(signInPath("/redaktionsplan")).toBe("/auth?returnUrl=%2Fredaktionsplan&anmelden=1");
    const url = new URL(signInPath("/api/connections/x/callback?code=a&state=b"), "http://localhost");
    expect(url.searchParams.get("returnUrl")).toBe("/api/connections/x/callback?code=a&state=b");
  });

  it("leaves out a way back that is not a path of this site", () => {
    expect(signInPath("//evil.example")).toBe("/auth");
  });
});
