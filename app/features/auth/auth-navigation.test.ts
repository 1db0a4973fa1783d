import { describe, expect, it } from "vitest";
import { safeReturnUrl } from "./auth-navigation.ts";

describe("safeReturnUrl", () => {
  it("keeps a path of this site", () => {
    expect(safeReturnUrl("/xposter-evaluator")).toBe("/xposter-evaluator");
    expect(safeReturnUrl("/konto?plan=generator_pro")).toBe("/konto?plan=generator_pro");
  });

  it("refuses whatever a browser would take to another host", () => {
    for (const value of ["//evil.example", "/\\evil.example", "https://evil.example", "evil.example", "", null, 42]) {
      expect(safeReturnUrl(value)).toBeUndefined();
    }
  });
});
