import { describe, expect, it } from "vitest";
import { readAuthNavigationState } from "./auth-navigation.ts";

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
