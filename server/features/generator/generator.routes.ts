import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { limitPerUser } from "#server/rate-limit.ts";
import { requireSession } from "#server/session.ts";
import { validateJson, validateQuery } from "#server/validation.ts";
import { type GenerationEvent, UnlockGeneratorSchema } from "#shared/generator.schemas.ts";
import { ACCESS_CODE_MESSAGES, GENERATOR_MESSAGES } from "#shared/generator.ts";
import { OwnExamplesChoiceSchema, OwnExamplesQuerySchema } from "#shared/own-results.schemas.ts";
import { readGenerateRequest } from "./generate-request.ts";
import { admitGeneration } from "./generation-admission.ts";
import { GENERATOR_RATE_LIMIT, getGeneratorStatus, startGeneration } from "./generator.service.ts";
import { UNLOCK_RATE_LIMIT, unlockGenerator } from "./generator-access.service.ts";
import { ownExamplesView, rememberOwnExamples } from "./own-examples.service.ts";

// /api/generator (ADR 0012). Errors that are known before any work (session,
// input, image bytes, credits) are plain JSON { error, code } with a 4xx status (ADR 0055). Once the credit
// is taken the answer is a stream of server-sent events: start, progress…, done | error.
export const generatorRoutes = new Hono<AppEnv>()
  .get("/status", requireSession(GENERATOR_MESSAGES.signInRequired), async (c) => {
    return c.json(await getGeneratorStatus(c.var.deps, c.var.session.user.id), 200);
  })
  // ADR 0114: the user's own best posts that a run for this network would take as examples.
  .get(
    "/own-examples",
    requireSession(GENERATOR_MESSAGES.signInRequired),
    validateQuery(OwnExamplesQuerySchema, GENERATOR_MESSAGES.platformInvalid),
    async (c) =>
      c.json(await ownExamplesView(c.var.deps.db, c.var.session.user.id, c.req.valid("query").platform), 200),
  )
  .put(
    "/own-examples",
    requireSession(GENERATOR_MESSAGES.signInRequired),
    validateJson(OwnExamplesChoiceSchema, GENERATOR_MESSAGES.ownExamplesInvalid),
    async (c) => {
      const enabled = await rememberOwnExamples(c.var.deps.db, c.var.session.user.id, c.req.valid("json").enabled);
      return c.json({ enabled }, 200);
    },
  )
  // ADR 0015: the access code is compared here, never in the browser.
  .post(
    "/unlock",
    requireSession(GENERATOR_MESSAGES.signInRequired),
    validateJson(UnlockGeneratorSchema, ACCESS_CODE_MESSAGES.blank),
    limitPerUser(UNLOCK_RATE_LIMIT, GENERATOR_MESSAGES.tooManyRequests),
    async (c) => {
      const unlocked = await unlockGenerator(
        c.var.deps.db,
        c.var.deps.env.GENERATOR_ACCESS_CODE,
        c.var.session.user.id,
        c.req.valid("json").code,
      );
      if (!unlocked) {
        c.var.logger.info({ userId: c.var.session.user.id }, "Falscher Zugangscode für den Generator");
        return answerError(c, 403, "ACCESS_CODE_WRONG", ACCESS_CODE_MESSAGES.wrongTitle);
      }
      return c.json({ unlocked: true }, 200);
    },
  )
  .post(
    "/generate",
    requireSession(GENERATOR_MESSAGES.signInRequired),
    // ADR 0050, 0057: the admission and the rate limit come before the body is read, so a
    // refused request costs neither its upload nor an image decode; the admission first, in
    // memory, so a third run at once costs not even the rate limit's database write.
    admitGeneration,
    limitPerUser(GENERATOR_RATE_LIMIT, GENERATOR_MESSAGES.tooManyRequests),
    // ADR 0057: the body is read as a stream; the image arrives as bytes, never as one string.
    readGenerateRequest,
    async (c) => {
      const { request, image } = c.req.valid("json");
      const started = await startGeneration({
        deps: c.var.deps,
        logger: c.var.logger,
        userId: c.var.session.user.id,
        request,
        image,
      });
      if (!started.ok) return answerError(c, started.status, started.code, started.error);
      // No caching or buffering by proxies: each event must reach the page when it is sent.
      c.header("Cache-Control", "no-store, no-transform");
      c.header("X-Accel-Buffering", "no");
      let runEnded = () => {};
      c.var.admission.holdUntil(new Promise<void>((resolve) => (runEnded = resolve)));
      return streamSSE(c, async (stream) => {
        // Events are written in order; a page that went away makes writes fail quietly,
        // and the run still finishes, so a paid result lands in the archive regardless.
        let writes = Promise.resolve();
        const emit = (event: GenerationEvent) => {
          writes = writes
            .then(() =>
              stream.aborted ? undefined : stream.writeSSE({ event: event.type, data: JSON.stringify(event) }),
            )
            .catch(() => undefined);
        };
        try {
          emit({ type: "start", creditsRemaining: started.creditsRemaining, demo: started.demo });
          await started.run(emit);
          await writes;
        } finally {
          runEnded();
        }
      });
    },
  );
