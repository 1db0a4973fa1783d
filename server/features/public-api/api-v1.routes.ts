import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppDeps } from "#server/app-env.ts";
import { storeMedia } from "#server/features/media/media.service.ts";
import { cancelPost, getPost, updatePost } from "#server/features/publishing/publishing.service.ts";
import { MEDIA_MESSAGES } from "#shared/media.ts";
import { PUBLISHING_NETWORK_NAMES } from "#shared/networks.ts";
import { POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { PUBLIC_API_ERRORS } from "#shared/public-api.ts";
import type { ApiEnv } from "./api-auth.ts";
import { generateSuggestions } from "./api-generate.service.ts";
import { logApiActivity } from "./api-keys.service.ts";
import { apiMetricPosts, apiPostMetrics } from "./api-metrics.service.ts";
import { createApiPosts, createApiThread, listAccounts, listApiPosts, retryApiPost } from "./api-posts.service.ts";
import * as routes from "./api-v1.contract.ts";
import { API_VERSION, apiDocsPage } from "./api-v1.docs.ts";
import { fingerprint, runOnce, runOnceAcrossNetwork } from "./idempotency.service.ts";
import { answerPublicApiRefusal } from "./public-api-refusal.ts";

// /api/v1 (ADR 0107, 0108): the public REST API on the app's own services, for scripts, Zapier/n8n
// and third-party tools. Bearer API keys, scopes per route, Idempotency-Key on creates (ADR 0109),
// RateLimit headers, `{ error, code }` in German. The OpenAPI document is generated from the
// route definitions (api-v1.contract.ts) at /api/v1/openapi.json.

const api = new OpenAPIHono<ApiEnv>({
  // A request the schemas refuse is answered like every other bad input (ADR 0080).
  defaultHook: (result, c) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    const message = issue && issue.path.length > 0 ? issue.message : PUBLIC_API_ERRORS.INVALID_INPUT;
    return answerError(c, 400, "INVALID_INPUT", message);
  },
});

api.onError(answerPublicApiRefusal);
api.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
  type: "http",
  scheme: "bearer",
  description:
    "Persönlicher API-Schlüssel (pw_live_…), erstellt unter /konto, oder ein OAuth-Zugriffstoken (pw_oat_…) einer App, die Sie zugelassen haben.",
});

/**
 * A create under the request's Idempotency-Key (ADR 0109): `work` runs once and is answered 201,
 * a retry gets the stored answer replayed; the activity log gets the create once, not its replays.
 * `work` writes in the key's transaction, unless it calls the network (`acrossNetwork`).
 */
async function createOnce(
  c: Context<ApiEnv>,
  request: { path: string; body: unknown; activity?: [action: string, detail: string | null] },
  work: (tx: AppDeps["db"]) => Promise<unknown>,
  { acrossNetwork = false } = {},
) {
  const { caller, deps } = c.var;
  const claim = {
    callerKey: caller.callerKey,
    userId: caller.userId,
    idempotencyKey: c.req.header("idempotency-key"),
    requestHash: fingerprint("POST", request.path, request.body),
  };
  const { activity } = request;
  // The activity line is written with the create (one commit), or after the network's answer.
  const answer = acrossNetwork
    ? await runOnceAcrossNetwork(deps.db, claim, async () => ({ status: 201, body: await work(deps.db) }))
    : await runOnce(deps.db, claim, async (tx) => {
        const body = await work(tx);
        if (activity) await logApiActivity(tx, caller, ...activity);
        return { status: 201, body };
      });
  if (acrossNetwork && activity && !answer.replayed) await logApiActivity(deps.db, caller, ...activity);
  // The stored body is the JSON the first request was answered with.
  return c.json(answer.body as never, answer.status, answer.replayed ? { "Idempotent-Replayed": "true" } : {});
}

const publicApi = api
  .openapi(routes.listAccountsRoute, async (c) => {
    return c.json({ accounts: await listAccounts(c.var.deps.db, c.var.caller.userId) }, 200);
  })
  .openapi(routes.listPostsRoute, async (c) => {
    return c.json(await listApiPosts(c.var.deps.db, c.var.caller.userId, c.req.valid("query")), 200);
  })
  .openapi(routes.createPostsRoute, async (c) => {
    const { caller, deps } = c.var;
    const input = c.req.valid("json");
    await deps.publishingQueue.ready();
    return createOnce(
      c,
      { path: "/posts", body: input, activity: ["REST: Beitrag angelegt", input.when ?? null] },
      (tx) => createApiPosts({ ...deps, db: tx }, caller.userId, input),
    );
  })
  .openapi(routes.createThreadRoute, async (c) => {
    const { caller, deps } = c.var;
    const input = c.req.valid("json");
    await deps.publishingQueue.ready();
    return createOnce(
      c,
      { path: "/threads", body: input, activity: ["REST: Thread angelegt", input.when ?? null] },
      (tx) => createApiThread({ ...deps, db: tx }, caller.userId, input),
    );
  })
  .openapi(routes.getPostRoute, async (c) => {
    return c.json({ post: await getPost(c.var.deps.db, c.var.caller.userId, c.req.valid("param").id) }, 200);
  })
  .openapi(routes.updatePostRoute, async (c) => {
    const { caller, deps } = c.var;
    const post = await updatePost(deps, caller.userId, c.req.valid("param").id, c.req.valid("json"));
    await logApiActivity(deps.db, caller, "REST: Beitrag geändert", post.id);
    return c.json({ post }, 200);
  })
  .openapi(routes.cancelPostRoute, async (c) => {
    const { caller, deps } = c.var;
    const post = await cancelPost(deps.db, caller.userId, c.req.valid("param").id);
    await logApiActivity(deps.db, caller, "REST: Beitrag abgebrochen", post.id);
    return c.json({ post }, 200);
  })
  .openapi(routes.retryPostRoute, async (c) => {
    const { caller, deps } = c.var;
    const post = await retryApiPost(deps, caller.userId, c.req.valid("param").id);
    await logApiActivity(deps.db, caller, "REST: Beitrag erneut geplant", post.id);
    return c.json({ post }, 200);
  })
  .openapi(
    routes.uploadMediaRoute,
    async (c) => {
      const { caller, deps } = c.var;
      const form = c.req.valid("form");
      const file: unknown = form.file;
      if (!(file instanceof File)) return answerError(c, 400, "INVALID_INPUT", MEDIA_MESSAGES.noFile);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const alt = (form.alt ?? "").trim();
      // Storing the image may call the storage's network (S3): never inside the key's transaction.
      // A retry that loses the race keeps the first answer; its own file is never referenced.
      const stored = await storeMedia(deps, caller.userId, bytes);
      if (!stored.ok) return answerError(c, 400, "INVALID_INPUT", stored.error);
      return createOnce(
        c,
        { path: "/media", body: { alt, bytes: fingerprint("", "", Buffer.from(bytes).toString("base64")) } },
        async () => ({ url: stored.url, alt }),
      );
    },
    (result, c) => {
      if (result.success) return;
      return answerError(c, 400, "INVALID_INPUT", MEDIA_MESSAGES.noFile);
    },
  )
  .openapi(routes.scoreRoute, async (c) => {
    const { score, criteria } = evaluatePost(c.req.valid("json").text);
    return c.json({ score, max: POST_SCORE_MAX, criteria }, 200);
  })
  .openapi(routes.generateRoute, async (c) => {
    const { caller, deps } = c.var;
    const input = c.req.valid("json");
    return createOnce(
      c,
      { path: "/generate", body: input, activity: ["REST: Vorschläge generiert", input.platform] },
      () => generateSuggestions(deps, caller.userId, input),
      { acrossNetwork: true },
    );
  })
  .openapi(routes.listMetricsRoute, async (c) => {
    return c.json(await apiMetricPosts(c.var.deps, c.var.caller.userId), 200);
  })
  .openapi(routes.postMetricsRoute, async (c) => {
    return c.json(await apiPostMetrics(c.var.deps, c.var.caller.userId, c.req.valid("param").id), 200);
  });

/** The public API with its document and docs page, which need no key. */
export const publicApiRoutes = new OpenAPIHono<ApiEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument()))
  .get("/docs", (c) => c.html(apiDocsPage(openApiDocument())))
  .route("/", publicApi)
  // Each route checks the key itself (api-v1.contract.ts), so a path that is not one is a plain 404.
  .all("*", (c) => answerError(c, 404, "NOT_FOUND", PUBLIC_API_ERRORS.NOT_FOUND));

export function openApiDocument() {
  return publicApi.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Postwerk API",
      version: API_VERSION,
      description: `Beiträge für ${PUBLISHING_NETWORK_NAMES} planen, veröffentlichen und generieren, Kennzahlen lesen. Authentifizierung: Authorization: Bearer pw_live_…`,
    },
    servers: [{ url: "/api/v1" }],
  });
}
