import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, MAX_TOKENS_LIMIT } from "#shared/admin.ts";
import type { ApiErrorCode } from "#shared/api-errors.ts";
import { CONFIGURATION_MESSAGES, PROMPT_MAX_LENGTH } from "#shared/generator-configurations.ts";
import { INVALID_CHARACTERS_MESSAGE } from "#shared/text.schemas.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { adminAuditLog } from "../../db/schema/admin-audit.ts";
import { promptConfigurations, tokenConfigurations } from "../../db/schema/generator.ts";
import type { AiClient, AiMessage } from "../../integrations/ai/ai-client.ts";
import { NOT_SIGNED_IN_MESSAGE } from "../../session.ts";
import { GENERATOR_CONFIGURATION_NAME, GENERATOR_DEFAULT_MAX_TOKENS } from "../generator/generator-prompts.ts";

const ADMIN_EMAIL = "chefin@example.test";

// A model that notes what the generator sends it, so a test sees the prompt it was given.
type ModelCall = { instructions: string; messages: AiMessage[]; maxOutputTokens?: number };
const modelCalls: ModelCall[] = [];
const recordingModel: AiClient = {
  model: { provider: "openai", id: "aufzeichnendes-modell" },
  supportsImages: false,
  generateStructured: () => Promise.reject(new Error("Nicht genutzt")),
  streamStructured: async (request) => {
    modelCalls.push({
      instructions: request.instructions,
      messages: request.messages,
      maxOutputTokens: request.maxOutputTokens,
    });
    return request.schema.parse({ posts: ["Erster Beitrag", "Zweiter Beitrag", "Dritter Beitrag"] });
  },
};

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL }, overrides: { ai: recordingModel } });
  admin = await t.signUpAndConfirm(ADMIN_EMAIL);
  user = await t.signUpAndConfirm("kunde@example.test");
});
afterAll(() => t?.close());

type Json = Record<string, unknown>;
type Configuration = { id: string; name: string; updatedAt: string; inUse: boolean } & Json;

function send(method: string, path: string, cookie?: string, body?: unknown) {
  return t.request(path, { method, cookie, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function expectError(response: Response, status: number, code: ApiErrorCode, error: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error, code });
}

async function list(kind: "prompts" | "tokens"): Promise<Configuration[]> {
  const response = await send("GET", `/api/admin/${kind}`, admin);
  expect(response.status).toBe(200);
  return ((await response.json()) as { configurations: Configuration[] }).configurations;
}

async function inUse(kind: "prompts" | "tokens"): Promise<Configuration> {
  const found = (await list(kind)).find((row) => row.name === GENERATOR_CONFIGURATION_NAME);
  if (!found) throw new Error(`Keine ${kind}-Konfiguration ${GENERATOR_CONFIGURATION_NAME}`);
  return found;
}

async function create(kind: "prompts" | "tokens", body: Json): Promise<Configuration> {
  const response = await send("POST", `/api/admin/${kind}`, admin, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { configuration: Configuration }).configuration;
}

const auditOf = (targetId: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(asc(adminAuditLog.createdAt));

let nameCount = 0;
const uniqueName = (prefix: string) => `${prefix}-${++nameCount}`;
const prompt = (name = uniqueName("prompt")) => ({ name, systemPrompt: "System {{platform}}", userPrompt: "User" });
const tokens = (name = uniqueName("tokens"), maxTokens = 1500) => ({ name, maxTokens });
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("who may use the configuration routes", () => {
  const endpoints = (kind: "prompts" | "tokens", body: Json) =>
    [
      ["GET", `/api/admin/${kind}`, undefined],
      ["POST", `/api/admin/${kind}`, body],
      ["PUT", `/api/admin/${kind}/${UNKNOWN_ID}`, { ...body, updatedAt: new Date().toISOString() }],
      ["DELETE", `/api/admin/${kind}/${UNKNOWN_ID}`, undefined],
    ] as const;

  it("answer 401 without a session and 403 to a signed-in user who is no admin, changing nothing", async () => {
    const before = { prompts: (await list("prompts")).length, tokens: (await list("tokens")).length };
    for (const [method, path, body] of [...endpoints("prompts", prompt()), ...endpoints("tokens", tokens())]) {
      await expectError(await send(method, path, undefined, body), 401, "NOT_SIGNED_IN", NOT_SIGNED_IN_MESSAGE);
      await expectError(await send(method, path, user, body), 403, "NOT_ADMIN", ADMIN_MESSAGES.notAdmin);
    }
    expect({ prompts: (await list("prompts")).length, tokens: (await list("tokens")).length }).toEqual(before);
  });

  it("answer an admin with 2xx on every endpoint", async () => {
    for (const [kind, body] of [
      ["prompts", prompt()],
      ["tokens", tokens()],
    ] as const) {
      expect((await send("GET", `/api/admin/${kind}`, admin)).status).toBe(200);
      const created = await create(kind, body);
      const updated = await send("PUT", `/api/admin/${kind}/${created.id}`, admin, {
        ...body,
        updatedAt: created.updatedAt,
      });
      expect(updated.status).toBe(200);
      expect((await send("DELETE", `/api/admin/${kind}/${created.id}`, admin)).status).toBe(200);
    }
  });
});

describe("GET /api/admin/prompts and /api/admin/tokens", () => {
  it("list the rows oldest first, also after an older row was edited, and mark the one the generator uses", async () => {
    const first = await create("prompts", prompt());
    const second = await create("prompts", prompt());
    // An edit writes a new row version; only the order by created_at keeps the row in its place.
    const edited = await send("PUT", `/api/admin/prompts/${first.id}`, admin, {
      ...prompt(first.name),
      userPrompt: "Geändert",
      updatedAt: first.updatedAt,
    });
    expect(edited.status).toBe(200);
    const rows = await list("prompts");
    const names = rows.map((row) => row.name);
    expect(names[0]).toBe(GENERATOR_CONFIGURATION_NAME);
    expect(names.indexOf(first.name)).toBeLessThan(names.indexOf(second.name));
    expect(rows.filter((row) => row.inUse).map((row) => row.name)).toEqual([GENERATOR_CONFIGURATION_NAME]);
    expect(await inUse("tokens")).toMatchObject({ maxTokens: GENERATOR_DEFAULT_MAX_TOKENS, inUse: true });
  });
});

describe("POST /api/admin/prompts", () => {
  it("creates a trimmed row and writes an audit entry with it", async () => {
    const created = await create("prompts", { name: "  Kampagne Sommer  ", systemPrompt: " S ", userPrompt: "U" });
    expect(created).toMatchObject({ name: "Kampagne Sommer", systemPrompt: "S", userPrompt: "U", inUse: false });
    const [row] = await t.db.select().from(promptConfigurations).where(eq(promptConfigurations.id, created.id));
    expect(row).toMatchObject({ name: "Kampagne Sommer", systemPrompt: "S" });
    const audit = await auditOf(created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "prompt.create", before: null, after: { name: "Kampagne Sommer" } });
  });

  it("refuses a name that is taken with 409 and writes nothing", async () => {
    const body = prompt();
    await create("prompts", body);
    const duplicate = await send("POST", "/api/admin/prompts", admin, { ...body, name: ` ${body.name} ` });
    await expectError(duplicate, 409, "NAME_TAKEN", CONFIGURATION_MESSAGES.nameTaken);
    expect(await t.db.select().from(promptConfigurations).where(eq(promptConfigurations.name, body.name))).toHaveLength(
      1,
    );
  });

  it("refuses invalid input with 400 and a German message", async () => {
    const cases: [unknown, string][] = [
      [{ ...prompt(), name: "   " }, CONFIGURATION_MESSAGES.nameRequired],
      [{ ...prompt(), name: "x".repeat(101) }, CONFIGURATION_MESSAGES.nameTooLong],
      [{ ...prompt(), systemPrompt: "" }, CONFIGURATION_MESSAGES.systemPromptRequired],
      [{ ...prompt(), userPrompt: 42 }, CONFIGURATION_MESSAGES.userPromptRequired],
      [{ ...prompt(), userPrompt: "x".repeat(PROMPT_MAX_LENGTH + 1) }, CONFIGURATION_MESSAGES.promptTooLong],
      [{ ...prompt(), systemPrompt: "Null\u0000Zeichen" }, INVALID_CHARACTERS_MESSAGE],
      [{ ...prompt(), name: "Halb\ud800" }, INVALID_CHARACTERS_MESSAGE],
      ["kein Objekt", ADMIN_MESSAGES.invalidInput],
    ];
    for (const [body, error] of cases) {
      await expectError(await send("POST", "/api/admin/prompts", admin, body), 400, "INVALID_INPUT", error);
    }
  });
});

describe("PUT /api/admin/prompts/:id", () => {
  it("saves the change with a new version and writes before and after to the audit log", async () => {
    const created = await create("prompts", prompt());
    const response = await send("PUT", `/api/admin/prompts/${created.id}`, admin, {
      name: `${created.name}-neu`,
      systemPrompt: "Neuer System-Prompt",
      userPrompt: "Neuer User-Prompt",
      updatedAt: created.updatedAt,
    });
    expect(response.status).toBe(200);
    const { configuration } = (await response.json()) as { configuration: Configuration };
    expect(configuration).toMatchObject({ name: `${created.name}-neu`, systemPrompt: "Neuer System-Prompt" });
    expect(configuration.updatedAt > created.updatedAt).toBe(true);
    const [, update] = await auditOf(created.id);
    expect(update).toMatchObject({
      action: "prompt.update",
      before: { name: created.name, systemPrompt: "System {{platform}}" },
      after: { name: `${created.name}-neu`, systemPrompt: "Neuer System-Prompt" },
    });
  });

  it("refuses a save against an older version with 409, keeping the newer one", async () => {
    const created = await create("prompts", prompt());
    const body = { ...prompt(created.name), updatedAt: created.updatedAt };
    const first = await send("PUT", `/api/admin/prompts/${created.id}`, admin, { ...body, userPrompt: "Erste" });
    expect(first.status).toBe(200);
    const stale = await send("PUT", `/api/admin/prompts/${created.id}`, admin, { ...body, userPrompt: "Zweite" });
    await expectError(stale, 409, "CHANGED_MEANWHILE", ADMIN_MESSAGES.changedMeanwhile);
    const [row] = await t.db.select().from(promptConfigurations).where(eq(promptConfigurations.id, created.id));
    expect(row?.userPrompt).toBe("Erste");
    expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual(["prompt.create", "prompt.update"]);
  });

  it("answers 404 for an unknown or malformed id and 400 without a version", async () => {
    const body = { ...prompt(), updatedAt: new Date().toISOString() };
    await expectError(
      await send("PUT", `/api/admin/prompts/${UNKNOWN_ID}`, admin, body),
      404,
      "NOT_FOUND",
      ADMIN_MESSAGES.notFound,
    );
    await expectError(
      await send("PUT", "/api/admin/prompts/keine-uuid", admin, body),
      404,
      "NOT_FOUND",
      ADMIN_MESSAGES.notFound,
    );
    const created = await create("prompts", prompt());
    await expectError(
      await send("PUT", `/api/admin/prompts/${created.id}`, admin, prompt()),
      400,
      "INVALID_INPUT",
      CONFIGURATION_MESSAGES.versionMissing,
    );
  });

  it("refuses a name another row has with 409", async () => {
    const taken = await create("prompts", prompt());
    const other = await create("prompts", prompt());
    const response = await send("PUT", `/api/admin/prompts/${other.id}`, admin, {
      ...prompt(taken.name),
      updatedAt: other.updatedAt,
    });
    await expectError(response, 409, "NAME_TAKEN", CONFIGURATION_MESSAGES.nameTaken);
  });

  it("lets the generator's row be edited but not renamed", async () => {
    const current = await inUse("prompts");
    const renamed = await send("PUT", `/api/admin/prompts/${current.id}`, admin, {
      ...prompt("umbenannt"),
      updatedAt: current.updatedAt,
    });
    await expectError(renamed, 409, "CONFIGURATION_IN_USE", CONFIGURATION_MESSAGES.inUseRename);
    const edited = await send("PUT", `/api/admin/prompts/${current.id}`, admin, {
      name: GENERATOR_CONFIGURATION_NAME,
      systemPrompt: current.systemPrompt,
      userPrompt: current.userPrompt,
      updatedAt: current.updatedAt,
    });
    expect(edited.status).toBe(200);
  });
});

describe("DELETE /api/admin/prompts/:id", () => {
  it("deletes the row and writes what it was to the audit log", async () => {
    const created = await create("prompts", prompt());
    expect(await (await send("DELETE", `/api/admin/prompts/${created.id}`, admin)).json()).toEqual({ deleted: true });
    expect(await t.db.select().from(promptConfigurations).where(eq(promptConfigurations.id, created.id))).toEqual([]);
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      action: "prompt.delete",
      before: { name: created.name },
      after: null,
    });
    await expectError(
      await send("DELETE", `/api/admin/prompts/${created.id}`, admin),
      404,
      "NOT_FOUND",
      ADMIN_MESSAGES.notFound,
    );
    await expectError(
      await send("DELETE", "/api/admin/prompts/%27%3B--", admin),
      404,
      "NOT_FOUND",
      ADMIN_MESSAGES.notFound,
    );
  });

  it("refuses to delete the generator's row with 409", async () => {
    const current = await inUse("prompts");
    await expectError(
      await send("DELETE", `/api/admin/prompts/${current.id}`, admin),
      409,
      "CONFIGURATION_IN_USE",
      CONFIGURATION_MESSAGES.inUseDelete,
    );
    expect((await inUse("prompts")).id).toBe(current.id);
    expect(await auditOf(current.id)).not.toContainEqual(expect.objectContaining({ action: "prompt.delete" }));
  });
});

describe("POST /api/admin/tokens", () => {
  it("creates a row and writes an audit entry", async () => {
    const created = await create("tokens", { name: " Kurz ", maxTokens: 1000 });
    expect(created).toMatchObject({ name: "Kurz", maxTokens: 1000, inUse: false });
    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({
        action: "token.create",
        before: null,
        after: expect.objectContaining({ maxTokens: 1000 }),
      }),
    ]);
  });

  it("refuses a taken name with 409", async () => {
    await expectError(
      await send("POST", "/api/admin/tokens", admin, tokens(GENERATOR_CONFIGURATION_NAME)),
      409,
      "NAME_TAKEN",
      CONFIGURATION_MESSAGES.nameTaken,
    );
  });

  it("refuses max tokens that are no whole number from 1 to the limit", async () => {
    for (const maxTokens of [0, -5, 1.5, MAX_TOKENS_LIMIT + 1, "1000", null]) {
      const response = await send("POST", "/api/admin/tokens", admin, { name: uniqueName("tokens"), maxTokens });
      await expectError(response, 400, "INVALID_INPUT", CONFIGURATION_MESSAGES.maxTokensInvalid);
    }
    await expectError(
      await send("POST", "/api/admin/tokens", admin, { name: "", maxTokens: 10 }),
      400,
      "INVALID_INPUT",
      CONFIGURATION_MESSAGES.nameRequired,
    );
    expect((await create("tokens", tokens(undefined, MAX_TOKENS_LIMIT))).maxTokens).toBe(MAX_TOKENS_LIMIT);
  });
});

describe("PUT /api/admin/tokens/:id", () => {
  it("saves, audits, and refuses a stale version, an unknown id and invalid input", async () => {
    const created = await create("tokens", tokens());
    const saved = await send("PUT", `/api/admin/tokens/${created.id}`, admin, {
      name: created.name,
      maxTokens: 2222,
      updatedAt: created.updatedAt,
    });
    expect(saved.status).toBe(200);
    expect(await auditOf(created.id)).toContainEqual(
      expect.objectContaining({
        action: "token.update",
        before: expect.objectContaining({ maxTokens: 1500 }),
        after: expect.objectContaining({ maxTokens: 2222 }),
      }),
    );
    const stale = { name: created.name, maxTokens: 3333, updatedAt: created.updatedAt };
    await expectError(
      await send("PUT", `/api/admin/tokens/${created.id}`, admin, stale),
      409,
      "CHANGED_MEANWHILE",
      ADMIN_MESSAGES.changedMeanwhile,
    );
    await expectError(
      await send("PUT", `/api/admin/tokens/${UNKNOWN_ID}`, admin, stale),
      404,
      "NOT_FOUND",
      ADMIN_MESSAGES.notFound,
    );
    await expectError(
      await send("PUT", `/api/admin/tokens/${created.id}`, admin, { ...stale, maxTokens: 0 }),
      400,
      "INVALID_INPUT",
      CONFIGURATION_MESSAGES.maxTokensInvalid,
    );
    const [row] = await t.db.select().from(tokenConfigurations).where(eq(tokenConfigurations.id, created.id));
    expect(row?.maxTokens).toBe(2222);
  });

  it("refuses to rename the generator's row", async () => {
    const current = await inUse("tokens");
    const response = await send("PUT", `/api/admin/tokens/${current.id}`, admin, {
      name: "anders",
      maxTokens: GENERATOR_DEFAULT_MAX_TOKENS,
      updatedAt: current.updatedAt,
    });
    await expectError(response, 409, "CONFIGURATION_IN_USE", CONFIGURATION_MESSAGES.inUseRename);
  });
});

describe("DELETE /api/admin/tokens/:id", () => {
  it("deletes and audits a row, 404 for an unknown one, 409 for the generator's", async () => {
    const created = await create("tokens", tokens());
    expect((await send("DELETE", `/api/admin/tokens/${created.id}`, admin)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, created.id), eq(adminAuditLog.action, "token.delete"))),
    ).toEqual([expect.objectContaining({ before: expect.objectContaining({ name: created.name }), after: null })]);
    await expectError(
      await send("DELETE", `/api/admin/tokens/${created.id}`, admin),
      404,
      "NOT_FOUND",
      ADMIN_MESSAGES.notFound,
    );
    const current = await inUse("tokens");
    await expectError(
      await send("DELETE", `/api/admin/tokens/${current.id}`, admin),
      409,
      "CONFIGURATION_IN_USE",
      CONFIGURATION_MESSAGES.inUseDelete,
    );
  });
});

describe("the generator after an admin's change", () => {
  it("uses the saved prompts and token limit from the next generation on", async () => {
    const form = { platform: "linkedin", keyPoints: "Neue Öffnungszeiten", tone: "formal", language: "german" };
    async function generate() {
      const response = await t.postJson("/api/generator/generate", form, user);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("event: done");
      return modelCalls.at(-1);
    }
    // A run before the change, so a configuration kept from it would show below.
    expect((await generate())?.instructions).not.toContain("Admin-Anweisung");

    const currentPrompt = await inUse("prompts");
    const currentTokens = await inUse("tokens");
    const savedPrompt = await send("PUT", `/api/admin/prompts/${currentPrompt.id}`, admin, {
      name: GENERATOR_CONFIGURATION_NAME,
      systemPrompt: "Admin-Anweisung für {{platform}} in {{language}}",
      userPrompt: "Admin-Aufgabe: {{keyPoints}}",
      updatedAt: currentPrompt.updatedAt,
    });
    expect(savedPrompt.status).toBe(200);
    const savedTokens = await send("PUT", `/api/admin/tokens/${currentTokens.id}`, admin, {
      name: GENERATOR_CONFIGURATION_NAME,
      maxTokens: 1234,
      updatedAt: currentTokens.updatedAt,
    });
    expect(savedTokens.status).toBe(200);

    expect(await generate()).toEqual({
      instructions: "Admin-Anweisung für LinkedIn in Deutsch",
      messages: [{ role: "user", content: "Admin-Aufgabe: Neue Öffnungszeiten" }],
      maxOutputTokens: 1234,
    });
  });
});
