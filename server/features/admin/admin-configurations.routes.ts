import { Hono } from "hono";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import {
  CreatePromptConfigurationSchema,
  CreateTokenConfigurationSchema,
  UpdatePromptConfigurationSchema,
  UpdateTokenConfigurationSchema,
} from "#shared/generator-configurations.schemas.ts";
import type { AppEnv } from "../../app-env.ts";
import { validateJson } from "../../validation.ts";
import {
  createPromptConfiguration,
  createTokenConfiguration,
  deletePromptConfiguration,
  deleteTokenConfiguration,
  listPromptConfigurations,
  listTokenConfigurations,
  updatePromptConfiguration,
  updateTokenConfiguration,
} from "./admin-configurations.service.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/prompts and /api/admin/tokens (spec section 7, issue 14). requireAdmin comes
// first, so a visitor without the right learns nothing about the input's rules.

export const adminPromptsRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, async (c) => c.json({ configurations: await listPromptConfigurations(c.var.deps.db) }, 200))
  .post("/", requireAdmin, validateJson(CreatePromptConfigurationSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
    const result = await createPromptConfiguration(c.var.deps.db, c.var.session.user.id, c.req.valid("json"));
    if (!result.ok) return c.json({ error: result.error }, result.status);
    return c.json({ configuration: result.configuration }, 201);
  })
  .put("/:id", requireAdmin, validateJson(UpdatePromptConfigurationSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
    const result = await updatePromptConfiguration(
      c.var.deps.db,
      c.var.session.user.id,
      c.req.param("id"),
      c.req.valid("json"),
    );
    if (!result.ok) return c.json({ error: result.error }, result.status);
    return c.json({ configuration: result.configuration }, 200);
  })
  .delete("/:id", requireAdmin, async (c) => {
    const result = await deletePromptConfiguration(c.var.deps.db, c.var.session.user.id, c.req.param("id"));
    if (!result.ok) return c.json({ error: result.error }, result.status);
    return c.json({ deleted: true }, 200);
  });

export const adminTokensRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, async (c) => c.json({ configurations: await listTokenConfigurations(c.var.deps.db) }, 200))
  .post("/", requireAdmin, validateJson(CreateTokenConfigurationSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
    const result = await createTokenConfiguration(c.var.deps.db, c.var.session.user.id, c.req.valid("json"));
    if (!result.ok) return c.json({ error: result.error }, result.status);
    return c.json({ configuration: result.configuration }, 201);
  })
  .put("/:id", requireAdmin, validateJson(UpdateTokenConfigurationSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
    const result = await updateTokenConfiguration(
      c.var.deps.db,
      c.var.session.user.id,
      c.req.param("id"),
      c.req.valid("json"),
    );
    if (!result.ok) return c.json({ error: result.error }, result.status);
    return c.json({ configuration: result.configuration }, 200);
  })
  .delete("/:id", requireAdmin, async (c) => {
    const result = await deleteTokenConfiguration(c.var.deps.db, c.var.session.user.id, c.req.param("id"));
    if (!result.ok) return c.json({ error: result.error }, result.status);
    return c.json({ deleted: true }, 200);
  });
