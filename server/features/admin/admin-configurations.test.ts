import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promptConfigurations } from "#server/db/schema/generator.ts";
import {
  GENERATOR_CONFIGURATION_NAME,
  GENERATOR_DEFAULT_MAX_TOKENS,
} from "#server/features/generator/generator-prompts.ts";
import type { AiClient, AiMessage } from "#server/integrations/ai/ai-client.ts";
import { NOT_SIGNED_IN_MESSAGE } from "#server/session.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { CONFIGURATION_MESSAGES, PROMPT_MAX_LENGTH } from "#shared/generator-configurations.ts";
import { INVALID_CHARACTERS_MESSAGE } from "#shared/text.schemas.ts";
import { createConfigurationsTestApp, prompt, tokens, UNKNOWN_ID } from "../../../tests/setup/admin-configurations.ts";
import { expectAnswer, expectError, readJson } from "../../../tests/setup/test-app.ts";

// Who may use the configuration routes, the prompt configurations, and what the generator makes
// of a change; the token configurations are in admin-token-configurations.test.ts.

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

let kit: Awaited<ReturnType<typeof createConfigurationsTestApp>>;
beforeAll(async () => {
  kit = await createConfigurationsTestApp({ ai: recordingModel });
});
afterAll(() => kit?.t.close());

type PromptUpdate = { name: string; systemPrompt: string; userPrompt: string; updatedAt: string };
const putPrompt = (id: string, json: PromptUpdate) =>
  kit.t.api(kit.admin).admin.prompts[":id"].$put({ param: { id }, json });
const deletePrompt = (id: string) => kit.t.api(kit.admin).admin.prompts[":id"].$delete({ param: { id } });
const putTokens = (id: string, json: { name: string; maxTokens: number; updatedAt: string }) =>
  kit.t.api(kit.admin).admin.tokens[":id"].$put({ param: { id }, json });

describe("who may use the configuration routes", () => {
  const endpoints = (kind: "prompts" | "tokens", body: object) =>
    [
      ["GET", `/api/admin/${kind}`, undefined],
      ["POST", `/api/admin/${kind}`, body],
      ["PUT", `/api/admin/${kind}/${UNKNOWN_ID}`, { ...body, updatedAt: new Date().toISOString() }],
      ["DELETE", `/api/admin/${kind}/${UNKNOWN_ID}`, undefined],
    ] as const;

  it("answer 401 without a session and 403 to a signed-in user who is no admin, changing nothing", async () => {
    const before = { prompts: (await kit.list("prompts")).length, tokens: (await kit.list("tokens")).length };
    for (const [method, path, body] of [...endpoints("prompts", prompt()), ...endpoints("tokens", tokens())]) {
      await expectError(await kit.send(method, path, undefined, body), 401, "NOT_SIGNED_IN", NOT_SIGNED_IN_MESSAGE);
      await expectError(await kit.send(method, path, kit.user, body), 403, "NOT_ADMIN", ADMIN_MESSAGES.notAdmin);
    }
    expect({ prompts: (await kit.list("prompts")).length, tokens: (await kit.list("tokens")).length }).toEqual(before);
  });

  it("answer an admin with 2xx on every endpoint", async () => {
    for (const [kind, body] of [
      ["prompts", prompt()],
      ["tokens", tokens()],
    ] as const) {
      expect((await kit.send("GET", `/api/admin/${kind}`, kit.admin)).status).toBe(200);
      const created = await kit.create(kind, body);
      const updated = await kit.send("PUT", `/api/admin/${kind}/${created.id}`, kit.admin, {
        ...body,
        updatedAt: created.updatedAt,
      });
      expect(updated.status).toBe(200);
      expect((await kit.send("DELETE", `/api/admin/${kind}/${created.id}`, kit.admin)).status).toBe(200);
    }
  });
});

describe("GET /api/admin/prompts and /api/admin/tokens", () => {
  it("list the rows oldest first, also after an older row was edited, and mark the one the generator uses", async () => {
    const first = await kit.create("prompts", prompt());
    const second = await kit.create("prompts", prompt());
    // An edit writes a new row version; only the order by created_at keeps the row in its place.
    const edited = await putPrompt(first.id, {
      ...prompt(first.name),
      userPrompt: "Geändert",
      updatedAt: first.updatedAt,
    });
    expect(edited.status).toBe(200);
    const rows = await kit.list("prompts");
    const names = rows.map((row) => row.name);
    expect(names[0]).toBe(GENERATOR_CONFIGURATION_NAME);
    expect(names.indexOf(first.name)).toBeLessThan(names.indexOf(second.name));
    expect(rows.filter((row) => row.inUse).map((row) => row.name)).toEqual([GENERATOR_CONFIGURATION_NAME]);
    expect(await kit.inUse("tokens")).toMatchObject({ maxTokens: GENERATOR_DEFAULT_MAX_TOKENS, inUse: true });
  });
});

describe("POST /api/admin/prompts", () => {
  it("creates a trimmed row and writes an audit entry with it", async () => {
    const created = await kit.create("prompts", { name: "  Kampagne Sommer  ", systemPrompt: " S ", userPrompt: "U" });
    expect(created).toMatchObject({ name: "Kampagne Sommer", systemPrompt: "S", userPrompt: "U", inUse: false });
    const [row] = await kit.t.db.select().from(promptConfigurations).where(eq(promptConfigurations.id, created.id));
    expect(row).toMatchObject({ name: "Kampagne Sommer", systemPrompt: "S" });
    const audit = await kit.auditOf(created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "prompt.create", before: null, after: { name: "Kampagne Sommer" } });
  });

  it("refuses a name that is taken with 409 and writes nothing", async () => {
    const body = prompt();
    await kit.create("prompts", body);
    const duplicate = await kit.t.api(kit.admin).admin.prompts.$post({ json: { ...body, name: ` ${body.name} ` } });
    await expectError(duplicate, 409, "NAME_TAKEN", CONFIGURATION_MESSAGES.nameTaken);
    expect(
      await kit.t.db.select().from(promptConfigurations).where(eq(promptConfigurations.name, body.name)),
    ).toHaveLength(1);
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
      await expectError(await kit.send("POST", "/api/admin/prompts", kit.admin, body), 400, "INVALID_INPUT", error);
    }
  });
});

describe("PUT /api/admin/prompts/:id", () => {
  it("saves the change with a new version and writes before and after to the audit log", async () => {
    const created = await kit.create("prompts", prompt());
    const response = await putPrompt(created.id, {
      name: `${created.name}-neu`,
      systemPrompt: "Neuer System-Prompt",
      userPrompt: "Neuer User-Prompt",
      updatedAt: created.updatedAt,
    });
    const { configuration } = await readJson(response, 200);
    expect(configuration).toMatchObject({ name: `${created.name}-neu`, systemPrompt: "Neuer System-Prompt" });
    expect(configuration.updatedAt > created.updatedAt).toBe(true);
    const [, update] = await kit.auditOf(created.id);
    expect(update).toMatchObject({
      action: "prompt.update",
      before: { name: created.name, systemPrompt: "System {{platform}}" },
      after: { name: `${created.name}-neu`, systemPrompt: "Neuer System-Prompt" },
    });
  });

  it("refuses a save against an older version with 409, keeping the newer one", async () => {
    const created = await kit.create("prompts", prompt());
    const body = { ...prompt(created.name), updatedAt: created.updatedAt };
    const first = await putPrompt(created.id, { ...body, userPrompt: "Erste" });
    expect(first.status).toBe(200);
    const stale = await putPrompt(created.id, { ...body, userPrompt: "Zweite" });
    await expectError(stale, 409, "CHANGED_MEANWHILE", ADMIN_MESSAGES.changedMeanwhile);
    const [row] = await kit.t.db.select().from(promptConfigurations).where(eq(promptConfigurations.id, created.id));
    expect(row?.userPrompt).toBe("Erste");
    expect((await kit.auditOf(created.id)).map((entry) => entry.action)).toEqual(["prompt.create", "prompt.update"]);
  });

  it("answers 404 for an unknown or malformed id and 400 without a version", async () => {
    const body = { ...prompt(), updatedAt: new Date().toISOString() };
    await expectError(await putPrompt(UNKNOWN_ID, body), 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
    await expectError(await putPrompt("keine-uuid", body), 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
    const created = await kit.create("prompts", prompt());
    await expectError(
      await kit.send("PUT", `/api/admin/prompts/${created.id}`, kit.admin, prompt()),
      400,
      "INVALID_INPUT",
      CONFIGURATION_MESSAGES.versionMissing,
    );
  });

  it("refuses a name another row has with 409", async () => {
    const taken = await kit.create("prompts", prompt());
    const other = await kit.create("prompts", prompt());
    const response = await putPrompt(other.id, { ...prompt(taken.name), updatedAt: other.updatedAt });
    await expectError(response, 409, "NAME_TAKEN", CONFIGURATION_MESSAGES.nameTaken);
  });

  it("lets the generator's row be edited but not renamed", async () => {
    const current = await kit.inUse("prompts");
    const renamed = await putPrompt(current.id, { ...prompt("umbenannt"), updatedAt: current.updatedAt });
    await expectError(renamed, 409, "CONFIGURATION_IN_USE", CONFIGURATION_MESSAGES.inUseRename);
    const edited = await putPrompt(current.id, {
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
    const created = await kit.create("prompts", prompt());
    expectAnswer(await readJson(await deletePrompt(created.id), 200)).toEqual({ deleted: true });
    expect(await kit.t.db.select().from(promptConfigurations).where(eq(promptConfigurations.id, created.id))).toEqual(
      [],
    );
    expect((await kit.auditOf(created.id)).at(-1)).toMatchObject({
      action: "prompt.delete",
      before: { name: created.name },
      after: null,
    });
    await expectError(await deletePrompt(created.id), 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
    await expectError(
      await kit.send("DELETE", "/api/admin/prompts/%27%3B--", kit.admin),
      404,
      "NOT_FOUND",
      ADMIN_MESSAGES.notFound,
    );
  });

  it("refuses to delete the generator's row with 409", async () => {
    const current = await kit.inUse("prompts");
    await expectError(await deletePrompt(current.id), 409, "CONFIGURATION_IN_USE", CONFIGURATION_MESSAGES.inUseDelete);
    expect((await kit.inUse("prompts")).id).toBe(current.id);
    expect(await kit.auditOf(current.id)).not.toContainEqual(expect.objectContaining({ action: "prompt.delete" }));
  });
});

describe("the generator after an admin's change", () => {
  it("uses the saved prompts and token limit from the next generation on", async () => {
    const form = { platform: "linkedin", keyPoints: "Neue Öffnungszeiten", tone: "formal", language: "german" };
    async function generate() {
      const response = await kit.t.postJson("/api/generator/generate", form, kit.user);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("event: done");
      return modelCalls.at(-1);
    }
    // A run before the change, so a configuration kept from it would show below.
    expect((await generate())?.instructions).not.toContain("Admin-Anweisung");

    const currentPrompt = await kit.inUse("prompts");
    const currentTokens = await kit.inUse("tokens");
    const savedPrompt = await putPrompt(currentPrompt.id, {
      name: GENERATOR_CONFIGURATION_NAME,
      systemPrompt: "Admin-Anweisung für {{platform}} in {{language}}",
      userPrompt: "Admin-Aufgabe: {{keyPoints}}",
      updatedAt: currentPrompt.updatedAt,
    });
    expect(savedPrompt.status).toBe(200);
    const savedTokens = await putTokens(currentTokens.id, {
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
