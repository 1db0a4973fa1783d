import { createRoute, z } from "@hono/zod-openapi";
import { labelList, NETWORKS, THREAD_NETWORKS } from "#shared/networks.ts";
import type { ApiScope } from "#shared/public-api.ts";
import {
  AccountListSchema,
  ApiCreatePostsSchema,
  ApiCreateThreadSchema,
  ApiGenerateSchema,
  ApiListPostsQuerySchema,
  CreatedPostsSchema,
  CreatedThreadSchema,
  ErrorSchema,
  GeneratedSchema,
  MediaFormSchema,
  MediaSchema,
  MetricPostListSchema,
  PostAnswerSchema,
  PostListSchema,
  PostMetricsSchema,
  ScoreRequestSchema,
  ScoreSchema,
} from "#shared/public-api-v1.schemas.ts";
import { UpdatePostSchema } from "#shared/publishing.schemas.ts";
import { requireApiKey, requireScope } from "./api-auth.ts";

// The routes of /api/v1 as OpenAPI operations (ADR 0107, 0108): the validators and the published
// document come from these same definitions. Handlers are in api-v1.routes.ts.

const json = <Schema extends z.ZodType>(schema: Schema, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

const errors = {
  400: json(ErrorSchema, "Ungültige Eingabe"),
  401: json(ErrorSchema, "Kein oder ein widerrufener API-Schlüssel"),
  403: json(ErrorSchema, "Der Schlüssel hat die nötige Berechtigung nicht, oder der Plan keine API"),
  429: json(ErrorSchema, "Zu viele Anfragen; Retry-After sagt, wann es weitergeht"),
};
const notFound = { 404: json(ErrorSchema, "Nicht gefunden") };
const conflict = { 409: json(ErrorSchema, "Konflikt: Zustand, Kontingent oder Idempotency-Key") };

const IdempotencyHeaders = z.object({
  "idempotency-key": z.string().optional().meta({
    description: "Gleicher Schlüssel und gleicher Inhalt innerhalb von 24 Stunden: dieselbe Antwort, nichts doppelt.",
  }),
});
const IdParams = z.object({ id: z.string().meta({ param: { name: "id", in: "path" } }) });
const security = [{ Bearer: [] }];
// The key is checked per route, not for all of /api/v1, so an unknown path answers 404, not 401.
const guard = (scope: ApiScope | null) => (scope ? [requireApiKey, requireScope(scope)] : [requireApiKey]);

export const listAccountsRoute = createRoute({
  method: "get",
  path: "/accounts",
  summary: "Verbundene Konten",
  security,
  middleware: guard("posts:read"),
  responses: { 200: json(AccountListSchema, "Die verbundenen Konten"), ...errors },
});

export const listPostsRoute = createRoute({
  method: "get",
  path: "/posts",
  summary: "Beiträge auflisten (neueste Planung zuerst, mit Cursor)",
  security,
  middleware: guard("posts:read"),
  request: { query: ApiListPostsQuerySchema },
  responses: { 200: json(PostListSchema, "Eine Seite Beiträge"), ...errors },
});

export const createPostsRoute = createRoute({
  method: "post",
  path: "/posts",
  summary: "Beitrag für ein oder mehrere Konten anlegen (sofort, geplant, nächster Sendeplatz oder Entwurf)",
  security,
  middleware: guard("posts:write"),
  request: { headers: IdempotencyHeaders, body: { content: { "application/json": { schema: ApiCreatePostsSchema } } } },
  responses: { 201: json(CreatedPostsSchema, "Angelegt"), ...errors, ...conflict },
});

export const createThreadRoute = createRoute({
  method: "post",
  path: "/threads",
  summary: `Thread anlegen (für ein Konto bei ${labelList(THREAD_NETWORKS.map((network) => NETWORKS[network].label))})`,
  security,
  middleware: guard("posts:write"),
  request: {
    headers: IdempotencyHeaders,
    body: { content: { "application/json": { schema: ApiCreateThreadSchema } } },
  },
  responses: { 201: json(CreatedThreadSchema, "Angelegt"), ...errors, ...conflict },
});

export const getPostRoute = createRoute({
  method: "get",
  path: "/posts/{id}",
  summary: "Einen Beitrag lesen",
  security,
  middleware: guard("posts:read"),
  request: { params: IdParams },
  responses: { 200: json(PostAnswerSchema, "Der Beitrag"), ...errors, ...notFound },
});

export const updatePostRoute = createRoute({
  method: "patch",
  path: "/posts/{id}",
  summary: "Text oder Zeitpunkt eines noch nicht gesendeten Beitrags ändern",
  security,
  middleware: guard("posts:write"),
  request: { params: IdParams, body: { content: { "application/json": { schema: UpdatePostSchema } } } },
  responses: { 200: json(PostAnswerSchema, "Geändert"), ...errors, ...notFound, ...conflict },
});

export const cancelPostRoute = createRoute({
  method: "post",
  path: "/posts/{id}/cancel",
  summary: "Einen geplanten Beitrag abbrechen",
  security,
  middleware: guard("posts:write"),
  request: { params: IdParams },
  responses: { 200: json(PostAnswerSchema, "Abgebrochen"), ...errors, ...notFound, ...conflict },
});

export const retryPostRoute = createRoute({
  method: "post",
  path: "/posts/{id}/retry",
  summary: "Einen fehlgeschlagenen oder verpassten Beitrag jetzt senden, einen Thread fortsetzen",
  security,
  middleware: guard("posts:write"),
  request: { params: IdParams },
  responses: { 200: json(PostAnswerSchema, "Neu geplant"), ...errors, ...notFound, ...conflict },
});

export const uploadMediaRoute = createRoute({
  method: "post",
  path: "/media",
  summary: "Bild hochladen (JPEG, PNG, WebP, GIF) mit Bildbeschreibung",
  security,
  middleware: guard("posts:write"),
  request: {
    headers: IdempotencyHeaders,
    body: { content: { "multipart/form-data": { schema: MediaFormSchema } } },
  },
  responses: { 201: json(MediaSchema, "Gespeichert"), ...errors, ...conflict },
});

export const scoreRoute = createRoute({
  method: "post",
  path: "/optimizer/score",
  summary: "Optimierer-Score eines X-Beitrags (kostenlos)",
  security,
  middleware: guard(null),
  request: { body: { content: { "application/json": { schema: ScoreRequestSchema } } } },
  responses: { 200: json(ScoreSchema, "Der Score"), ...errors },
});

export const generateRoute = createRoute({
  method: "post",
  path: "/generate",
  summary: "Drei Vorschläge des Generators (kostet einen Credit wie in der App; mit Idempotency-Key nur einmal)",
  security,
  middleware: guard("generate"),
  request: { headers: IdempotencyHeaders, body: { content: { "application/json": { schema: ApiGenerateSchema } } } },
  responses: {
    201: json(GeneratedSchema, "Erzeugt und im Archiv gespeichert"),
    ...errors,
    402: json(ErrorSchema, "Keine Credits mehr, oder das Pro-Kontingent ist aufgebraucht"),
    ...conflict,
    502: json(ErrorSchema, "Das KI-Modell hat nicht geantwortet; der Credit ist zurückgebucht"),
  },
});

export const listMetricsRoute = createRoute({
  method: "get",
  path: "/metrics",
  summary: "Kennzahlen aller gesendeten Beiträge (die letzten Werte je Beitrag)",
  security,
  middleware: guard("metrics:read"),
  responses: { 200: json(MetricPostListSchema, "Die gesendeten Beiträge mit Kennzahlen"), ...errors },
});

export const postMetricsRoute = createRoute({
  method: "get",
  path: "/posts/{id}/metrics",
  summary: "Kennzahlen eines Beitrags mit Verlauf",
  security,
  middleware: guard("metrics:read"),
  request: { params: IdParams },
  responses: { 200: json(PostMetricsSchema, "Die Kennzahlen"), ...errors, ...notFound },
});
