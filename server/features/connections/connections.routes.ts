import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "#server/app-env.ts";
import { answerRefusal, PublishingRefusal } from "#server/features/publishing/refusals.ts";
import { limitPerUser } from "#server/rate-limit.ts";
import { requireSession } from "#server/session.ts";
import { validateJson } from "#server/validation.ts";
import {
  AccountChoiceSchema,
  AppPasswordConnectSchema,
  InstanceConnectSchema,
  NetworkParamSchema,
} from "#shared/publishing.schemas.ts";
import { CONNECTIONS_PATH, OAUTH_START_TOO_OFTEN, PUBLISHING_ERRORS } from "#shared/publishing.ts";
import { signInPath } from "#shared/return-url.ts";
import {
  chooseAccounts,
  connectWithAppPassword,
  disconnectAccount,
  finishOAuth,
  listChoices,
  listConnections,
  OAUTH_START_RATE_LIMIT,
  startInstanceOAuth,
  startOAuth,
} from "./connections.service.ts";

// /api/connections (ADR 0053): "Verbundene Konten".
function networkOf(value: string) {
  const parsed = NetworkParamSchema.safeParse(value);
  if (!parsed.success) throw new PublishingRefusal("INVALID_INPUT", 400);
  return parsed.data;
}

/**
 * The network's return reached us without a session (it ran out at the consent page, or another
 * browser): not a 401 as JSON, but sign-in and back here with the network's query (ADR 0083).
 */
const signInFirst = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.session) return next();
  const url = new URL(c.req.url);
  return c.redirect(signInPath(`${url.pathname}${url.search}`), 302);
});

export const connectionRoutes = new Hono<AppEnv>()
  .onError(answerRefusal)
  .get("/", requireSession(), async (c) => c.json(await listConnections(c.var.deps, c.var.session.user.id), 200))
  .post("/:network/start", requireSession(), limitPerUser(OAUTH_START_RATE_LIMIT, OAUTH_START_TOO_OFTEN), async (c) => {
    return c.json(await startOAuth(c.var.deps, c.var.session.user.id, networkOf(c.req.param("network"))), 200);
  })
  // Mastodon (ADR 0095): the same round trip, to the instance the user names.
  .post(
    "/:network/instance",
    requireSession(),
    limitPerUser(OAUTH_START_RATE_LIMIT, OAUTH_START_TOO_OFTEN),
    validateJson(InstanceConnectSchema, PUBLISHING_ERRORS.INSTANCE_REFUSED),
    async (c) => {
      const network = networkOf(c.req.param("network"));
      return c.json(await startInstanceOAuth(c.var.deps, c.var.session.user.id, network, c.req.valid("json")), 200);
    },
  )
  // The network sends the browser back here; the answer is a redirect to the account page either way.
  .get("/:network/callback", signInFirst, requireSession(), async (c) => {
    const back = (query: string) => c.redirect(`${CONNECTIONS_PATH}?${query}`, 302);
    const network = networkOf(c.req.param("network"));
    const code = c.req.query("code");
    const state = c.req.query("state");
    if (c.req.query("error") || !code || !state) return back(`fehler=OAUTH_DENIED`);
    try {
      const finished = await finishOAuth(c.var.deps, c.var.session.user.id, network, { code, state });
      // One login, several accounts (ADR 0096): the account page shows the choose step.
      if (finished.choice) return back(`auswahl=${encodeURIComponent(finished.choice)}`);
      return back(`verbunden=${network}`);
    } catch (error) {
      if (error instanceof PublishingRefusal) return back(`fehler=${error.code}`);
      throw error;
    }
  })
  .post(
    "/:network/app-password",
    requireSession(),
    validateJson(AppPasswordConnectSchema, PUBLISHING_ERRORS.CREDENTIALS_REJECTED),
    async (c) => {
      const network = networkOf(c.req.param("network"));
      return c.json(await connectWithAppPassword(c.var.deps, c.var.session.user.id, network, c.req.valid("json")), 201);
    },
  )
  .get("/choices/:choice", requireSession(), async (c) =>
    c.json(await listChoices(c.var.deps, c.var.session.user.id, c.req.param("choice")), 200),
  )
  .post(
    "/choices/:choice",
    requireSession(),
    validateJson(AccountChoiceSchema, PUBLISHING_ERRORS.ACCOUNT_CHOICE_INVALID),
    async (c) => {
      const { accounts } = c.req.valid("json");
      return c.json(await chooseAccounts(c.var.deps, c.var.session.user.id, c.req.param("choice"), accounts), 201);
    },
  )
  .delete("/accounts/:id", requireSession(), async (c) => {
    if (!(await disconnectAccount(c.var.deps, c.var.session.user.id, c.req.param("id")))) {
      throw new PublishingRefusal("ACCOUNT_NOT_FOUND", 404);
    }
    return c.json({ disconnected: true }, 200);
  });
