// Prices from spec sections 1 and 9, in cents so nothing is rounded twice.
export const GENERATOR_PRO_PRICE_CENTS = 2499;
export const OPTIMIZER_PREMIUM_PRICE_CENTS = 999;
export const OPTIMIZER_TRIAL_DAYS = 7;
// Spec sections 1 and 9: what the generator's Pro plan includes.
export const GENERATOR_PRO_MONTHLY_CREDITS = 100;
export const GENERATOR_PRO_MONTHLY_TEXTS = 300;

// "24,99 €", "1.234,50 €" (with a no-break space, as German typesetting wants it).
// Not Intl.NumberFormat: its first use costs ~90 ms of a throttled phone's main thread while
// the public pages hydrate (ADR 0018, measured with the CPU profile of /preise), for a fixed format.
export function formatEuro(cents: number): string {
  const [euros = "0", decimals = "00"] = (Math.round(cents) / 100).toFixed(2).split(".");
  return `${euros.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${decimals}\u00a0€`;
}
