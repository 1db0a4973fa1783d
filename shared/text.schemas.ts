import { z } from "zod";

// The one rule for every string a person types into Postwerk (ADR 0020): no NUL
// character (PostgreSQL cannot store it in text columns and answers with an error) and
// well-formed UTF-16 (a lone surrogate such as "\ud800" is no character at all and breaks
// the archive's insert and every JSON consumer downstream). Schemas build on `textField`
// and add their own trim and length rules, so bad characters are refused with 400 before
// any credit is charged or any row is written.

// Neutral wording on purpose: the same rule serves "Sie" pages and the optimizer's "du".
export const INVALID_CHARACTERS_MESSAGE = "Der Text enthält ungültige Zeichen, etwa Steuerzeichen.";

function hasOnlyValidCharacters(value: string): boolean {
  return !value.includes("\0") && value.isWellFormed();
}

/** A string field with the shared character rule; `error` is the field's own message for a non-string. */
export function textField(error: string, invalidCharacters: string = INVALID_CHARACTERS_MESSAGE) {
  return z.string({ error }).refine(hasOnlyValidCharacters, { error: invalidCharacters, abort: true });
}
