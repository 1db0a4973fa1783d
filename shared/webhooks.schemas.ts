import { z } from "zod";
import { textField } from "./text.schemas.ts";
import { WEBHOOK_ERRORS, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from "./webhooks.ts";

// Adding a webhook endpoint on /konto (ADR 0110): the form and the route share this schema.
// Whether the address is public is the server's check (DNS), not the schema's.

export const CreateWebhookSchema = z.object(
  {
    url: textField(WEBHOOK_ERRORS.WEBHOOK_URL_INVALID)
      .trim()
      .min(1, { error: WEBHOOK_ERRORS.WEBHOOK_URL_INVALID })
      .max(WEBHOOK_URL_MAX, { error: WEBHOOK_ERRORS.WEBHOOK_URL_INVALID }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_ERRORS.INVALID_EVENTS }), {
        error: WEBHOOK_ERRORS.INVALID_EVENTS,
      })
      .min(1, { error: WEBHOOK_ERRORS.INVALID_EVENTS })
      .transform((events) => [...new Set(events)]),
  },
  { error: WEBHOOK_ERRORS.WEBHOOK_URL_INVALID },
);
export type CreateWebhookInput = z.infer<typeof CreateWebhookSchema>;
