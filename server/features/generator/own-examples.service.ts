import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { ownExamples } from "#server/features/own-results/own-results.service.ts";
import { networkOfPlatform, type Platform } from "#shared/generator.ts";
import type { OwnExamplesView } from "#shared/own-results.ts";

// The generator's switch "Schreibe wie meine erfolgreichsten Beiträge" (ADR 0114): the posts a run
// would take now, shown under the switch before generating, and the switch's remembered position.
// The page sends the position with each run (useOwnExamples); what is stored only presets the switch.

export async function ownExamplesView(db: Database, userId: string, platform: Platform): Promise<OwnExamplesView> {
  const [[profile], choice] = await Promise.all([
    db.select({ enabled: profiles.generatorOwnExamples }).from(profiles).where(eq(profiles.id, userId)),
    ownExamples(db, userId, networkOfPlatform(platform) ?? "x"),
  ]);
  return {
    enabled: profile?.enabled ?? false,
    postsWithFigures: choice.postsWithFigures,
    scope: choice.scope,
    // The page shows an excerpt; the whole text goes only into the prompt.
    examples: choice.examples.map(({ text: _text, ...example }) => example),
  };
}

export async function rememberOwnExamples(db: Database, userId: string, enabled: boolean): Promise<boolean> {
  await db.update(profiles).set({ generatorOwnExamples: enabled }).where(eq(profiles.id, userId));
  return enabled;
}
