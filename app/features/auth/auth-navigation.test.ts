import { describe, expect, it } from "vitest";
import { emailConfirmPath, readAuthNavigationState, twoFactorPath } from "./auth-navigation.ts";

describe("readAuthNavigationState", () => {
  it("takes the return URL from the state first, then from the query", () => {
    expect(readAuthNavigationState({ returnUrl: "/xposter-evaluator" }, "?returnUrl=%2Fkonto").returnUrl).toBe(
      "/xposter-evaluator",
    );
    expect(readAuthNavigationState(null, "?returnUrl=%2Fredaktionsplan&anmelden=1")).toEqual({
      returnUrl: "/redaktionsplan",
      fromCreator: false,
      signIn: true,
    });
  });

  it("follows no return URL that leaves the site", () => {
    expect(readAuthNavigationState({ returnUrl: "//evil.example" }, "?returnUrl=https%3A%2F%2Fevil.example")).toEqual({
      returnUrl: undefined,
      fromCreator: false,
      signIn: false,
    });
  });
});

describe("the way back through the code step and the confirmation link (ADR 0094)", () => {
  it("carries a deep link with its query", () => {
    const deepLink = "/redaktionsplan?beitrag=0b9d4c1e-2f6a-4c3b-9a7e-5d8f1e2a3b4c&ansicht=liste";
    expect(twoFactorPath(deepLink)).toBe(`/auth/zwei-faktor?returnUrl=${encodeURIComponent(deepLink)}`);
    expect(emailConfirmPath("/erstellen")).toBe("/auth/email-confirm-success?returnUrl=%2Ferstellen");
    expect(readAuthNavigationState(null, new URL(twoFactorPath(deepLink), "http://x").search).returnUrl).toBe(deepLink);
  });

  it("drops a way to another site instead of carrying it", () => {
    for (const outside of [
      "//evil.example/redaktionsplan",
      "https://evil.example",
      "/\t/evil.example",
      "/api/data-export",
    ]) {
      expect(twoFactorPath(outside)).toBe("/auth/zwei-faktor");
      expect(emailConfirmPath(outside)).toBe("/auth/email-confirm-success");
    }
    expect(twoFactorPath(undefined)).toBe("/auth/zwei-faktor");
  });
});
