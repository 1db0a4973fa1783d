import { eq, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { promptConfigurations, tokenConfigurations } from "#server/db/schema/generator.ts";
import type { Logger } from "#server/logger.ts";
import {
  DEFAULT_SYSTEM_PROMPT,
  DEFAULT_USER_PROMPT,
  GENERATOR_CONFIGURATION_NAME,
  GENERATOR_DEFAULT_MAX_TOKENS,
} from "./generator-prompts.ts";

// The prompts and the token limit an admin set for the generator (ADR 0025), with the code's
// defaults where a row is missing.

export async function loadGeneratorConfiguration(db: Database, log?: Logger) {
  // Both tables in one round trip (this runs on every generation); the full join still
  // returns the one that exists when the other is missing.
  const [row] = await db
    .select({
      promptConfigurationId: promptConfigurations.id,
      tokenConfigurationId: tokenConfigurations.id,
      systemPrompt: promptConfigurations.systemPrompt,
      userPrompt: promptConfigurations.userPrompt,
      maxTokens: tokenConfigurations.maxTokens,
    })
    .from(promptConfigurations)
    .fullJoin(tokenConfigurations, eq(tokenConfigurations.name, promptConfigurations.name))
    .where(
      or(
        eq(promptConfigurations.name, GENERATOR_CONFIGURATION_NAME),
        eq(tokenConfigurations.name, GENERATOR_CONFIGURATION_NAME),
      ),
    )
    .limit(1);
  if (row?.systemPrompt == null || row.userPrompt == null || row.maxTokens == null)
    log?.warn({ name: GENERATOR_CONFIGURATION_NAME }, "Generator-Konfiguration fehlt, nutze Standard");
  return {
    systemPrompt: row?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
    userPrompt: row?.userPrompt ?? DEFAULT_USER_PROMPT,
    maxTokens: row?.maxTokens ?? GENERATOR_DEFAULT_MAX_TOKENS,
    /** null where the code's default stood in for a missing row (ADR 0025 records which). */
    promptConfigurationId: row?.promptConfigurationId ?? null,
    tokenConfigurationId: row?.tokenConfigurationId ?? null,
  };
}
