// Whole numbers from forms, bodies and query strings (ADR 0021: constants and texts without
// imports; integer.schemas.ts builds the schemas from them).

/** The largest value of a PostgreSQL `integer` column; one more overflows it (a 500, not a 400). */
export const INT4_MAX = 2_147_483_647;

/** "Bitte geben Sie eine ganze Zahl von 0 bis 1.000.000 ein." */
export function integerRangeMessage(min: number, max: number): string {
  return `Bitte geben Sie eine ganze Zahl von ${min.toLocaleString("de-DE")} bis ${max.toLocaleString("de-DE")} ein.`;
}
