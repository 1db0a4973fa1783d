import { createRoute, z } from "@hono/zod-openapi";
import {
  AccountListSchema,
  ApiCreatePostsSchema,
  ApiCreateThreadSchema,
  ApiListPostsQuerySchema,
  CreatedPostsSchema,
  CreatedThreadSchema,
  ErrorSchema,
  MediaFormSchema,
  MediaSchema,
  PostAnswerSchema,
  PostListSchema,
  ScoreRequestSchema,
  ScoreSchema,
} from "#shared/public-api-v1.schemas.ts";
import { UpdatePostSchema } from "#shared/publishing.schemas.ts";
import { requireScope } from "./api-auth.ts";

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

export const listAccountsRoute = createRoute({
  method: "get",
  path: "/accounts",
  summary: "Verbundene Konten",
  security,
  middleware: [requireScope("posts:read")],
  responses: { 200: json(AccountListSchema, "Die verbundenen Konten"), ...errors },
});

export const listPostsRoute = createRoute({
  method: "get",
  path: "/posts",
  summary: "Beiträge auflisten (neueste Planung zuerst, mit Cursor)",
  security,
  middleware: [requireScope("posts:read")],
  request: { query: ApiListPostsQuerySchema },
  responses: { 200: json(PostListSchema, "Eine Seite Beiträge"), ...errors },
});

export const createPostsRoute = createRoute({
  method: "post",
  path: "/posts",
  summary: "Beitrag für ein oder mehrere Konten anlegen (sofort, geplant, nächster Sendeplatz oder Entwurf)",
  security,
  middleware: [requireScope("posts:write")],
  request: { headers: IdempotencyHeaders, body: { content: { "application/json": { schema: ApiCreatePostsSchema } } } },
  responses: { 201: json(CreatedPostsSchema, "Angelegt"), ...errors, ...conflict },
});

export const createThreadRoute = createRoute({
  method: "post",
  path: "/threads",
  summary: "Thread für ein X- oder Bluesky-Konto anlegen",
  security,
  middleware: [requireScope("posts:write")],
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
  middleware: [requireScope("posts:read")],
  request: { params: IdParams },
  responses: { 200: json(PostAnswerSchema, "Der Beitrag"), ...errors, ...notFound },
});

export const updatePostRoute = createRoute({
  method: "patch",
  path: "/posts/{id}",
  summary: "Text oder Zeitpunkt eines noch nicht gesendeten Beitrags ändern",
  security,
  middleware: [requireScope("posts:write")],
  request: { params: IdParams, body: { content: { "application/json": { schema: UpdatePostSchema } } } },
  responses: { 200: json(PostAnswerSchema, "Geändert"), ...errors, ...notFound, ...conflict },
});

export const cancelPostRoute = createRoute({
  method: "post",
  path: "/posts/{id}/cancel",
  summary: "Einen geplanten Beitrag abbrechen",
  security,
  middleware: [requireScope("posts:write")],
  request: { params: IdParams },
  responses: { 200: json(PostAnswerSchema, "Abgebrochen"), ...errors, ...notFound, ...conflict },
});

export const retryPostRoute = createRoute({
  method: "post",
  path: "/posts/{id}/retry",
  summary: "Einen fehlgeschlagenen oder verpassten Beitrag jetzt senden, einen Thread fortsetzen",
  security,
  middleware: [requireScope("posts:write")],
  request: { params: IdParams },
  responses: { 200: json(PostAnswerSchema, "Neu geplant"), ...errors, ...notFound, ...conflict },
});

export const uploadMediaRoute = createRoute({
  method: "post",
  path: "/media",
  summary: "Bild hochladen (JPEG, PNG, WebP, GIF) mit Bildbeschreibung",
  security,
  middleware: [requireScope("posts:write")],
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
  request: { body: { content: { "application/json": { schema: ScoreRequestSchema } } } },
  responses: { 200: json(ScoreSchema, "Der Score"), ...errors },
});
