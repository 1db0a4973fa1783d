import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { answerRefusal } from "#server/features/publishing/refusals.ts";
import { requireSession } from "#server/session.ts";
import { validateJson, validateQuery } from "#server/validation.ts";
import { NextSlotQuerySchema, PutQueueSlotsSchema } from "#shared/queue-slots.schemas.ts";
import { QUEUE_SLOT_MESSAGES } from "#shared/queue-slots.ts";
import { findNextSlot, getQueueSlots, putQueueSlots } from "./queue-slots.service.ts";

// The "Warteschlange" (ADR 0092): /api/accounts/:id/queue-slots reads and replaces an account's
// weekly posting times; /api/queue-slots/next answers the next slot free for the chosen accounts.
export const accountQueueSlotRoutes = new Hono<AppEnv>()
  .onError(answerRefusal)
  .get("/:id/queue-slots", requireSession(), async (c) => {
    return c.json(await getQueueSlots(c.var.deps.db, c.var.session.user.id, c.req.param("id")), 200);
  })
  .put(
    "/:id/queue-slots",
    requireSession(),
    validateJson(PutQueueSlotsSchema, QUEUE_SLOT_MESSAGES.invalid),
    async (c) => {
      const { slots } = c.req.valid("json");
      return c.json(await putQueueSlots(c.var.deps.db, c.var.session.user.id, c.req.param("id"), slots), 200);
    },
  );

export const nextQueueSlotRoutes = new Hono<AppEnv>()
  .onError(answerRefusal)
  .get("/next", requireSession(), validateQuery(NextSlotQuerySchema, QUEUE_SLOT_MESSAGES.accounts), async (c) => {
    const { accountIds } = c.req.valid("query");
    return c.json(await findNextSlot(c.var.deps.db, c.var.session.user.id, accountIds), 200);
  });
