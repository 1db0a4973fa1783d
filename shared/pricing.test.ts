import { describe, expect, it } from "vitest";
import { formatEuro, GENERATOR_PRO_PRICE_CENTS, OPTIMIZER_PREMIUM_PRICE_CENTS } from "./pricing.ts";

describe("formatEuro", () => {
  it.each([
    [GENERATOR_PRO_PRICE_CENTS, "24,99 €"],
    [OPTIMIZER_PREMIUM_PRICE_CENTS, "9,99 €"],
    [0, "0,00 €"],
    [5, "0,05 €"],
    [123450, "1.234,50 €"],
    [123456789, "1.234.567,89 €"],
  ])("formats %i cents as %s", (cents, expected) => {
    expect(formatEuro(cents).replace(/\u00a0/g, " ")).toBe(expected);
  });

  it("writes what Intl.NumberFormat writes for German euros", () => {
    const intl = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
    for (const cents of [0, 1, 99, 100, 2499, 100000, 9999999])
      expect(formatEuro(cents)).toBe(intl.format(cents / 100));
  });
});
