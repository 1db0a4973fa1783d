import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { AppDeps } from "#server/app-env.ts";
import { DraftRefusal } from "#server/features/drafts/draft-refusal.ts";
import { cancelPost, getPost } from "#server/features/publishing/publishing.service.ts";
import { PublishingRefusal } from "#server/features/publishing/refusals.ts";
import { KEY_POINTS_MAX_LENGTH, LANGUAGES, PLATFORMS, POST_FORMATS, TONES } from "#shared/generator.ts";
import { NETWORK_IDS, PUBLISHING_NETWORK_NAMES } from "#shared/networks.ts";
import { POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { API_LIST_LIMIT_MAX, type ApiScope, IDEMPOTENCY_KEY_MAX, PUBLIC_API_ERRORS } from "#shared/public-api.ts";
import { ApiGenerateSchema } from "#shared/public-api-v1.schemas.ts";
import { PostImageSchema, WallTimeSchema } from "#shared/publishing.schemas.ts";
import { PUBLICATION_STATUSES } from "#shared/publishing-states.ts";
import { generateSuggestions } from "./api-generate.service.ts";
import { type ApiCaller, logApiActivity } from "./api-keys.service.ts";
import { apiMetricPosts, apiPostMetrics } from "./api-metrics.service.ts";
import { createApiPosts, listAccounts, listApiPosts } from "./api-posts.service.ts";
import { fingerprint, runOnce, runOnceAcrossNetwork } from "./idempotency.service.ts";
import { PublicApiRefusal } from "./public-api-refusal.ts";

// The MCP server's tools (ADR 0111) on the same services as /api/v1. A key sees only the tools its
// scopes allow. An agent's post is a draft unless the key's owner allowed direct planning on
// /konto, so no agent posts in the user's name without consent. Every call goes to the activity log,
// a refused one too. The arguments are checked here, not by the SDK's McpServer: its answers to an
// unknown tool or invalid arguments are English and never reach the activity log (ADR 0100, 0111).

type ToolDeps = Pick<
  AppDeps,
  | "db"
  | "publishingQueue"
  | "networks"
  | "env"
  | "ai"
  | "imageStorage"
  | "websiteReader"
  | "payments"
  | "mailer"
  | "logger"
>;

/** What Idempotency-Key is in the REST API (ADR 0109), as an argument: a retried call makes nothing twice. */
const OnceInput = {
  idempotencyKey: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX)
    .optional()
    .describe(
      "Bei einer Wiederholung derselbe Schlüssel: dieselbe Antwort, kein zweiter Beitrag, keine zweite Abbuchung",
    ),
};

const PostInput = {
  ...OnceInput,
  accountIds: z.array(z.uuid()).min(1).max(10).describe("IDs aus list_accounts"),
  text: z.string().min(1).max(10_000),
  image: PostImageSchema.optional().describe("Ein hochgeladenes Bild mit Beschreibung"),
  plannedFor: WallTimeSchema.optional().describe("Datum JJJJ-MM-TT und Uhrzeit HH:MM in der Zeitzone des Kontos"),
};

/** What the MCP server's `tools/list` and `tools/call` answer (mcp.routes.ts wires them to the SDK). */
export type McpTools = {
  list: () => Tool[];
  call: (name: string, args: unknown) => Promise<CallToolResult>;
};

type ToolEntry = {
  description: string;
  schema: z.ZodObject;
  handler: (input: unknown) => Promise<CallToolResult>;
};

/** Tool names are the agent's text: logged at most this long. */
const LOGGED_NAME_MAX = 60;

const refused = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** As /api/v1 words a refused body (api-v1.routes.ts), with the field named for the agent. */
function invalidInput(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.map(String).join(".")})` : "";
  return `${PUBLIC_API_ERRORS.INVALID_INPUT} ${issue?.message ?? ""}${where} (INVALID_INPUT)`.replace(/\s+/g, " ");
}

export function mcpToolsFor(deps: ToolDeps, caller: ApiCaller): McpTools {
  const allowed = (scope: ApiScope | null) => scope === null || caller.scopes.includes(scope);
  const tools = new Map<string, ToolEntry>();
  function tool<Shape extends z.ZodRawShape>(
    name: string,
    scope: ApiScope | null,
    description: string,
    inputSchema: Shape,
    run: (input: z.infer<z.ZodObject<Shape>>) => Promise<unknown>,
  ) {
    if (!allowed(scope)) return;
    const handler = async (input: unknown): Promise<CallToolResult> => {
      try {
        const result = await run(input as z.infer<z.ZodObject<Shape>>);
        await logApiActivity(deps.db, caller, `MCP: ${name}`);
        return { content: [{ type: "text", text: JSON.stringify(result, null, 2) }] };
      } catch (error) {
        await logApiActivity(deps.db, caller, `MCP: ${name}`, "abgelehnt");
        if (error instanceof PublishingRefusal || error instanceof DraftRefusal || error instanceof PublicApiRefusal)
          return refused(`${error.message} (${error.code})`);
        throw error;
      }
    };
    tools.set(name, { description, schema: z.object(inputSchema), handler });
  }
  const userId = caller.userId;

  /**
   * A creating tool's work once per (caller, idempotencyKey), as createOnce does for /api/v1 (ADR
   * 0109): in the key's transaction, or with the claim committed first for work that calls the
   * network (the generator's model).
   */
  async function once(
    name: string,
    { idempotencyKey, ...input }: { idempotencyKey?: string },
    work: (db: ToolDeps["db"]) => Promise<unknown>,
    { acrossNetwork = false } = {},
  ) {
    const claim = { callerKey: caller.callerKey, userId, idempotencyKey, requestHash: fingerprint("MCP", name, input) };
    const answer = acrossNetwork
      ? await runOnceAcrossNetwork(deps.db, claim, async () => ({ status: 201, body: await work(deps.db) }))
      : await runOnce(deps.db, claim, async (tx) => ({ status: 201, body: await work(tx) }));
    return answer.body;
  }

  tool(
    "list_accounts",
    "posts:read",
    `Die verbundenen Konten (${PUBLISHING_NETWORK_NAMES}) mit ihren IDs.`,
    {},
    async () => ({ accounts: await listAccounts(deps.db, userId) }),
  );

  tool(
    "draft_post",
    "posts:write",
    "Legt einen Entwurf an, den der Nutzer in Postwerk prüft und plant.",
    PostInput,
    (input) =>
      once("draft_post", input, (db) =>
        createApiPosts({ ...deps, db }, userId, { ...targetsOf(input), when: "draft" }),
      ),
  );

  tool(
    "schedule_post",
    "posts:write",
    "Plant einen Beitrag: zu plannedFor, sonst am nächsten freien Sendeplatz (when=queue) oder sofort (when=now). Ohne Erlaubnis für direktes Planen wird ein Entwurf angelegt.",
    { ...PostInput, when: z.enum(["now", "planned", "queue"]).optional() },
    async (input) => {
      const when = input.when ?? (input.plannedFor ? "planned" : "queue");
      if (!caller.directScheduling) {
        const created = await once("schedule_post", input, (db) =>
          createApiPosts({ ...deps, db }, userId, { ...targetsOf(input), when: "draft" }),
        );
        return {
          ...(created as object),
          note: "Dieser Schlüssel darf nicht direkt planen: Der Beitrag liegt als Entwurf in Postwerk und wartet auf die Freigabe des Nutzers.",
        };
      }
      await deps.publishingQueue.ready();
      return once("schedule_post", input, (db) =>
        createApiPosts({ ...deps, db }, userId, { ...targetsOf(input), when }),
      );
    },
  );

  tool("get_post", "posts:read", "Ein Beitrag mit Status und Link.", { id: z.string() }, async ({ id }) => ({
    post: await getPost(deps.db, userId, id),
  }));

  tool(
    "list_posts",
    "posts:read",
    "Beiträge, neueste Planung zuerst; nextCursor für die nächste Seite.",
    {
      status: z.array(z.enum(PUBLICATION_STATUSES)).optional(),
      network: z.array(z.enum(NETWORK_IDS)).optional(),
      limit: z.number().int().min(1).max(API_LIST_LIMIT_MAX).optional(),
      cursor: z.string().optional(),
    },
    (input) =>
      listApiPosts(deps.db, userId, {
        status: input.status ?? [],
        network: input.network ?? [],
        limit: input.limit ?? 20,
        cursor: input.cursor,
      }),
  );

  tool("cancel_post", "posts:write", "Bricht einen geplanten Beitrag ab.", { id: z.string() }, async ({ id }) => ({
    post: await cancelPost(deps.db, userId, id),
  }));

  tool(
    "generate_posts",
    "generate",
    "Drei Vorschläge des Generators, im Archiv gespeichert. Kostet einen Credit wie in der App (im Pro-Plan einen Lauf des Kontingents).",
    {
      platform: z.enum(PLATFORMS),
      keyPoints: z.string().min(1).max(KEY_POINTS_MAX_LENGTH).describe("Worum es gehen soll, in Stichpunkten"),
      tone: z.enum(TONES),
      language: z.enum(LANGUAGES),
      website: z.string().optional().describe("Eine Website, deren Inhalt einfließen soll"),
      format: z.enum(POST_FORMATS).optional().describe("thread nur für X"),
      ...OnceInput,
      useOwnExamples: z
        .boolean()
        .optional()
        .describe("true: die eigenen erfolgreichsten gesendeten Beiträge als Stilbeispiele (ab drei mit Kennzahlen)"),
    },
    ({ idempotencyKey, ...input }) => {
      // The app's own schema decides, with its German messages, as on /api/v1/generate.
      const parsed = ApiGenerateSchema.safeParse(input);
      if (!parsed.success)
        throw new PublicApiRefusal(
          "INVALID_INPUT",
          400,
          parsed.error.issues[0]?.message ?? PUBLIC_API_ERRORS.INVALID_INPUT,
        );
      const form = parsed.data;
      return once("generate_posts", { idempotencyKey, ...form }, () => generateSuggestions(deps, userId, form), {
        acrossNetwork: true,
      });
    },
  );

  tool(
    "score_x_post",
    null,
    "Optimierer-Score eines X-Beitrags (kostenlos).",
    { text: z.string().min(1).max(2000) },
    async ({ text }) => {
      const { score, criteria } = evaluatePost(text);
      return { score, max: POST_SCORE_MAX, criteria };
    },
  );

  tool(
    "get_metrics",
    "metrics:read",
    "Kennzahlen: mit postId die eines Beitrags mit Verlauf, sonst die letzten Werte aller gesendeten Beiträge.",
    { postId: z.string().optional() },
    ({ postId }) => (postId ? apiPostMetrics(deps, userId, postId) : apiMetricPosts(deps, userId)),
  );

  return {
    list: () =>
      [...tools].map(([name, entry]) => ({
        name,
        description: entry.description,
        inputSchema: z.toJSONSchema(entry.schema, { io: "input" }) as Tool["inputSchema"],
      })),
    async call(name, args) {
      const entry = tools.get(name);
      const action = `MCP: ${name.slice(0, LOGGED_NAME_MAX)}`;
      if (!entry) {
        await logApiActivity(deps.db, caller, action, "unbekanntes Werkzeug");
        return refused(
          `Das Werkzeug „${name.slice(0, LOGGED_NAME_MAX)}“ gibt es nicht, oder dieser Schlüssel darf es nicht nutzen. Welche er nutzen darf, steht in tools/list. (NOT_FOUND)`,
        );
      }
      const parsed = entry.schema.safeParse(args ?? {});
      if (!parsed.success) {
        await logApiActivity(deps.db, caller, action, "abgelehnt");
        return refused(invalidInput(parsed.error));
      }
      return entry.handler(parsed.data);
    },
  };
}

function targetsOf(input: {
  accountIds: string[];
  text: string;
  image?: { url: string; alt: string };
  plannedFor?: { date: string; time: string };
}) {
  return {
    targets: [...new Set(input.accountIds)].map((accountId) => ({ accountId, text: input.text })),
    image: input.image,
    plannedFor: input.plannedFor,
  };
}
