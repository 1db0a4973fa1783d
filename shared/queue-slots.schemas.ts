import { z } from "zod";
import { MAX_QUEUE_SLOTS, QUEUE_SLOT_MESSAGES } from "./queue-slots.ts";

// Requests of /api/accounts/:id/queue-slots and /api/queue-slots/next (ADR 0092).

const invalid = QUEUE_SLOT_MESSAGES.invalid;

export const QueueSlotSchema = z.object(
  {
    weekday: z.number({ error: invalid }).int({ error: invalid }).min(1, { error: invalid }).max(7, { error: invalid }),
    time: z.string({ error: invalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: invalid }),
  },
  { error: invalid },
);

/** The whole set of an account's slots; it replaces what was stored. */
export const PutQueueSlotsSchema = z.object(
  {
    slots: z.array(QueueSlotSchema, { error: invalid }).max(MAX_QUEUE_SLOTS, { error: QUEUE_SLOT_MESSAGES.tooMany }),
  },
  { error: invalid },
);
export type PutQueueSlotsInput = z.infer<typeof PutQueueSlotsSchema>;

/** `?accountIds=<uuid>,<uuid>`: the accounts a post goes to, one to ten. */
export const NextSlotQuerySchema = z.object(
  {
    accountIds: z
      .string({ error: QUEUE_SLOT_MESSAGES.accounts })
      .max(400, { error: QUEUE_SLOT_MESSAGES.accounts })
      .transform((value) => [...new Set(value.split(",").map((id) => id.trim().toLowerCase()))])
      .pipe(
        z
          .array(z.uuid({ error: QUEUE_SLOT_MESSAGES.accounts }), { error: QUEUE_SLOT_MESSAGES.accounts })
          .min(1, { error: QUEUE_SLOT_MESSAGES.accounts })
          .max(10, { error: QUEUE_SLOT_MESSAGES.accounts }),
      ),
  },
  { error: QUEUE_SLOT_MESSAGES.accounts },
);
