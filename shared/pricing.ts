// Prices from spec sections 1 and 9, in cents so nothing is rounded twice.
export const GENERATOR_PRO_PRICE_CENTS = 2499;
export const OPTIMIZER_PREMIUM_PRICE_CENTS = 999;
export const OPTIMIZER_TRIAL_DAYS = 7;

const euro = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

// "24,99 €" (with a no-break space, as German typesetting wants it).
export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}
