import { Hono } from "hono";
import type { z } from "zod";
import { answerError } from "#server/api-error.ts";
import type { AppDeps, AppEnv } from "#server/app-env.ts";
import { validateJson } from "#server/validation.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import {
  CreatePromptConfigurationSchema,
  CreateTokenConfigurationSchema,
  UpdatePromptConfigurationSchema,
  UpdateTokenConfigurationSchema,
} from "#shared/generator-configurations.schemas.ts";
import {
  createPromptConfiguration,
  createTokenConfiguration,
  deletePromptConfiguration,
  deleteTokenConfiguration,
  listPromptConfigurations,
  listTokenConfigurations,
  type Result,
  updatePromptConfiguration,
  updateTokenConfiguration,
} from "./admin-configurations.service.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/prompts and /api/admin/tokens (spec section 7, ADR 0024). requireAdmin comes
// first, so a visitor without the right learns nothing about the input's rules.

type Db = AppDeps["db"];

/** The same four routes for prompts and tokens; the types flow from the schemas and the service into hc<AppType>. */
function configurationRoutes<Configuration, CreateSchema extends z.ZodType, UpdateSchema extends z.ZodType>(kind: {
  createSchema: CreateSchema;
  updateSchema: UpdateSchema;
  list: (db: Db) => Promise<Configuration[]>;
  create: (db: Db, adminId: string, input: z.output<CreateSchema>) => Promise<Result<Configuration>>;
  update: (db: Db, adminId: string, id: string, input: z.output<UpdateSchema>) => Promise<Result<Configuration>>;
  remove: (db: Db, adminId: string, id: string) => Promise<Result<Configuration>>;
}) {
  return new Hono<AppEnv>()
    .get("/", requireAdmin, async (c) => c.json({ configurations: await kind.list(c.var.deps.db) }, 200))
    .post("/", requireAdmin, validateJson(kind.createSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
      // Hono cannot work out its validator's output while the schema is a type parameter; it is
      // the schema's output, which this cast (and the one in PUT) only names.
      const input = c.req.valid("json") as z.output<CreateSchema>;
      const result = await kind.create(c.var.deps.db, c.var.session.user.id, input);
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      return c.json({ configuration: result.configuration }, 201);
    })
    .put("/:id", requireAdmin, validateJson(kind.updateSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
      const input = c.req.valid("json") as z.output<UpdateSchema>;
      const result = await kind.update(c.var.deps.db, c.var.session.user.id, c.req.param("id"), input);
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      return c.json({ configuration: result.configuration }, 200);
    })
    .delete("/:id", requireAdmin, async (c) => {
      const result = await kind.remove(c.var.deps.db, c.var.session.user.id, c.req.param("id"));
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      return c.json({ deleted: true }, 200);
    });
}

export const adminPromptsRoutes = configurationRoutes({
  createSchema: CreatePromptConfigurationSchema,
  updateSchema: UpdatePromptConfigurationSchema,
  list: listPromptConfigurations,
  create: createPromptConfiguration,
  update: updatePromptConfiguration,
  remove: deletePromptConfiguration,
});

export const adminTokensRoutes = configurationRoutes({
  createSchema: CreateTokenConfigurationSchema,
  updateSchema: UpdateTokenConfigurationSchema,
  list: listTokenConfigurations,
  create: createTokenConfiguration,
  update: updateTokenConfiguration,
  remove: deleteTokenConfiguration,
});
