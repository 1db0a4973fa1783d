import { describe, expect, it } from "vitest";
import { formatEuro, GENERATOR_PRO_PRICE_CENTS, OPTIMIZER_PREMIUM_PRICE_CENTS } from "./pricing.ts";

describe("formatEuro", () => {
  it.each([
    [GENERATOR_PRO_PRICE_CENTS, "24,99 €"],
    [OPTIMIZER_PREMIUM_PRICE_CENTS, "9,99 €"],
    [0, "0,00 €"],
  ])("formats %i cents as %s", (cents, expected) => {
    expect(formatEuro(cents).replace(/\u00a0/g, " ")).toBe(expected);
  });
});
