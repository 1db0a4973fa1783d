import { z } from "zod";
import { PLANS } from "./billing.ts";
import {
  CANCELLATION_KINDS,
  CANCELLATION_NAME_MAX_LENGTH,
  CANCELLATION_NAME_PATTERN,
  CANCELLATION_REASON_MAX_LENGTH,
  CANCELLATION_TEXTS,
  NEXT_POSSIBLE_DATE,
} from "./cancellation.ts";
import { textField } from "./text.schemas.ts";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

// One schema for the /kuendigen form and POST /api/cancellation.
export const CancellationRequestSchema = z.object({
  name: textField(CANCELLATION_TEXTS.nameInvalid)
    .trim()
    .min(2, { error: CANCELLATION_TEXTS.nameInvalid })
    .max(CANCELLATION_NAME_MAX_LENGTH, { error: CANCELLATION_TEXTS.nameTooLong })
    .regex(CANCELLATION_NAME_PATTERN, { error: CANCELLATION_TEXTS.nameCharacters }),
  email: textField(CANCELLATION_TEXTS.emailInvalid)
    .trim()
    .max(254, { error: CANCELLATION_TEXTS.emailInvalid })
    .pipe(z.email({ error: CANCELLATION_TEXTS.emailInvalid })),
  plan: z.enum(PLANS, { error: CANCELLATION_TEXTS.planInvalid }),
  kind: z.enum(CANCELLATION_KINDS, { error: CANCELLATION_TEXTS.kindInvalid }),
  /** NEXT_POSSIBLE_DATE or a day from today on (yyyy-mm-dd). */
  effective: textField(CANCELLATION_TEXTS.dateInvalid).refine(
    (value) =>
      value === NEXT_POSSIBLE_DATE ||
      // A real day (2026-02-31 does not round-trip), from today on.
      (ISO_DATE.test(value) &&
        !Number.isNaN(Date.parse(value)) &&
        new Date(value).toISOString().slice(0, 10) === value &&
        value >= new Date().toISOString().slice(0, 10)),
    { error: CANCELLATION_TEXTS.dateInvalid },
  ),
  reason: textField(CANCELLATION_TEXTS.reasonTooLong)
    .trim()
    .max(CANCELLATION_REASON_MAX_LENGTH, { error: CANCELLATION_TEXTS.reasonTooLong })
    .optional(),
});
export type CancellationRequestInput = z.input<typeof CancellationRequestSchema>;
export type CancellationRequest = z.output<typeof CancellationRequestSchema>;
