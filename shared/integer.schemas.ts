import { z } from "zod";
import { integerRangeMessage } from "./integer.ts";

// Every whole number an endpoint takes goes through one of these two, so none reaches an
// integer column or comparison out of its range: PostgreSQL answers an overflow with an error
// (500) where the visitor deserves a 400 in German (docs/architecture.md "Grenzen").

/** A JSON number that is an integer from `min` to `max`; anything else (floats, strings, huge values) gets `message`. */
export function integerBetween(min: number, max: number, message = integerRangeMessage(min, max)) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/**
 * The same for a query parameter, which arrives as text: only plain decimal digits, so
 * "1e309", "0x10", "1.5", "NaN" or " 1" are refused instead of being read as some number.
 */
export function integerParamBetween(min: number, max: number, message = integerRangeMessage(min, max)) {
  return z
    .string({ error: message })
    .regex(/^-?\d{1,16}$/, { error: message })
    .transform(Number)
    .pipe(integerBetween(min, max, message));
}
