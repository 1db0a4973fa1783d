import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { tokenConfigurations } from "#server/db/schema/generator.ts";
import {
  GENERATOR_CONFIGURATION_NAME,
  GENERATOR_DEFAULT_MAX_TOKENS,
} from "#server/features/generator/generator-prompts.ts";
import { ADMIN_MESSAGES, MAX_TOKENS_LIMIT } from "#shared/admin.ts";
import { CONFIGURATION_MESSAGES } from "#shared/generator-configurations.ts";
import {
  createConfigurationsTestApp,
  tokens,
  UNKNOWN_ID,
  uniqueName,
} from "../../../tests/setup/admin-configurations.ts";
import { expectError } from "../../../tests/setup/test-app.ts";

// The token configurations of the admin dashboard (spec section 7); who may use the
// routes and the prompt configurations are in admin-configurations.test.ts.

let kit: Awaited<ReturnType<typeof createConfigurationsTestApp>>;
beforeAll(async () => {
  kit = await createConfigurationsTestApp();
});
afterAll(() => kit?.t.close());

type TokensUpdate = { name: string; maxTokens: number; updatedAt: string };
const putTokens = (id: string, json: TokensUpdate) =>
  kit.t.api(kit.admin).admin.tokens[":id"].$put({ param: { id }, json });
const deleteTokens = (id: string) => kit.t.api(kit.admin).admin.tokens[":id"].$delete({ param: { id } });

describe("POST /api/admin/tokens", () => {
  it("creates a row and writes an audit entry", async () => {
    const created = await kit.create("tokens", { name: " Kurz ", maxTokens: 1000 });
    expect(created).toMatchObject({ name: "Kurz", maxTokens: 1000, inUse: false });
    expect(await kit.auditOf(created.id)).toEqual([
      expect.objectContaining({
        action: "token.create",
        before: null,
        after: expect.objectContaining({ maxTokens: 1000 }),
      }),
    ]);
  });

  it("refuses a taken name with 409", async () => {
    await expectError(
      await kit.t.api(kit.admin).admin.tokens.$post({ json: tokens(GENERATOR_CONFIGURATION_NAME) }),
      409,
      "NAME_TAKEN",
      CONFIGURATION_MESSAGES.nameTaken,
    );
  });

  it("refuses max tokens that are no whole number from 1 to the limit", async () => {
    for (const maxTokens of [0, -5, 1.5, MAX_TOKENS_LIMIT + 1, "1000", null]) {
      const response = await kit.send("POST", "/api/admin/tokens", kit.admin, {
        name: uniqueName("tokens"),
        maxTokens,
      });
      await expectError(response, 400, "INVALID_INPUT", CONFIGURATION_MESSAGES.maxTokensInvalid);
    }
    await expectError(
      await kit.send("POST", "/api/admin/tokens", kit.admin, { name: "", maxTokens: 10 }),
      400,
      "INVALID_INPUT",
      CONFIGURATION_MESSAGES.nameRequired,
    );
    expect((await kit.create("tokens", tokens(undefined, MAX_TOKENS_LIMIT))).maxTokens).toBe(MAX_TOKENS_LIMIT);
  });
});

describe("PUT /api/admin/tokens/:id", () => {
  it("saves, audits, and refuses a stale version, an unknown id and invalid input", async () => {
    const created = await kit.create("tokens", tokens());
    const saved = await putTokens(created.id, { name: created.name, maxTokens: 2222, updatedAt: created.updatedAt });
    expect(saved.status).toBe(200);
    expect(await kit.auditOf(created.id)).toContainEqual(
      expect.objectContaining({
        action: "token.update",
        before: expect.objectContaining({ maxTokens: 1500 }),
        after: expect.objectContaining({ maxTokens: 2222 }),
      }),
    );
    const stale = { name: created.name, maxTokens: 3333, updatedAt: created.updatedAt };
    await expectError(await putTokens(created.id, stale), 409, "CHANGED_MEANWHILE", ADMIN_MESSAGES.changedMeanwhile);
    await expectError(await putTokens(UNKNOWN_ID, stale), 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
    await expectError(
      await putTokens(created.id, { ...stale, maxTokens: 0 }),
      400,
      "INVALID_INPUT",
      CONFIGURATION_MESSAGES.maxTokensInvalid,
    );
    const [row] = await kit.t.db.select().from(tokenConfigurations).where(eq(tokenConfigurations.id, created.id));
    expect(row?.maxTokens).toBe(2222);
  });

  it("refuses to rename the generator's row", async () => {
    const current = await kit.inUse("tokens");
    const response = await putTokens(current.id, {
      name: "anders",
      maxTokens: GENERATOR_DEFAULT_MAX_TOKENS,
      updatedAt: current.updatedAt,
    });
    await expectError(response, 409, "CONFIGURATION_IN_USE", CONFIGURATION_MESSAGES.inUseRename);
  });
});

describe("DELETE /api/admin/tokens/:id", () => {
  it("deletes and audits a row, 404 for an unknown one, 409 for the generator's", async () => {
    const created = await kit.create("tokens", tokens());
    expect((await deleteTokens(created.id)).status).toBe(200);
    expect(
      await kit.t.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, created.id), eq(adminAuditLog.action, "token.delete"))),
    ).toEqual([expect.objectContaining({ before: expect.objectContaining({ name: created.name }), after: null })]);
    await expectError(await deleteTokens(created.id), 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
    const current = await kit.inUse("tokens");
    await expectError(await deleteTokens(current.id), 409, "CONFIGURATION_IN_USE", CONFIGURATION_MESSAGES.inUseDelete);
  });
});
