import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promptConfigurations, tokenConfigurations } from "#server/db/schema/generator.ts";
import { LANGUAGES, PLATFORMS, POSTS_PER_GENERATION, TONES } from "#shared/generator.ts";
import { computePostMetrics } from "#shared/post-metrics.ts";
import { withTestDatabase } from "../../../tests/setup/test-database.ts";
import { composeDemoPosts, splitKeyPoints, streamDemoSnapshots } from "./demo-composer.ts";
import { loadGeneratorConfiguration } from "./generator-configuration.ts";
import {
  buildPromptVariables,
  DEFAULT_SYSTEM_PROMPT,
  DEFAULT_USER_PROMPT,
  fillTemplate,
  GENERATOR_CONFIGURATION_NAME,
  GENERATOR_DEFAULT_MAX_TOKENS,
} from "./generator-prompts.ts";

describe("the seeded generator configuration", () => {
  const database = withTestDatabase();

  it("is exactly the code's default, so the migration and the fallback never drift apart", async () => {
    const [prompt] = await database.db
      .select()
      .from(promptConfigurations)
      .where(eq(promptConfigurations.name, GENERATOR_CONFIGURATION_NAME));
    expect(prompt).toMatchObject({ systemPrompt: DEFAULT_SYSTEM_PROMPT, userPrompt: DEFAULT_USER_PROMPT });
    const [tokens] = await database.db
      .select()
      .from(tokenConfigurations)
      .where(eq(tokenConfigurations.name, GENERATOR_CONFIGURATION_NAME));
    expect(tokens?.maxTokens).toBe(GENERATOR_DEFAULT_MAX_TOKENS);
  });

  it("uses an admin's edited prompt, and the defaults when the rows are gone", async () => {
    await database.db
      .update(promptConfigurations)
      .set({ systemPrompt: "Eigener Prompt für {{platform}}" })
      .where(eq(promptConfigurations.name, GENERATOR_CONFIGURATION_NAME));
    await database.db.update(tokenConfigurations).set({ maxTokens: 1234 });
    expect(await loadGeneratorConfiguration(database.db)).toMatchObject({
      systemPrompt: "Eigener Prompt für {{platform}}",
      maxTokens: 1234,
    });
    await database.db.delete(promptConfigurations);
    await database.db.delete(tokenConfigurations);
    expect(await loadGeneratorConfiguration(database.db)).toEqual({
      systemPrompt: DEFAULT_SYSTEM_PROMPT,
      userPrompt: DEFAULT_USER_PROMPT,
      maxTokens: GENERATOR_DEFAULT_MAX_TOKENS,
      promptConfigurationId: null,
      tokenConfigurationId: null,
    });
  });
});

describe("fillTemplate", () => {
  it("fills named placeholders in one pass and leaves unknown names visible", () => {
    const variables = { keyPoints: "Rabatt {{website}}", website: "GEHEIM" };
    expect(fillTemplate("A {{keyPoints}} B {{ website }} C {{unbekannt}}", variables)).toBe(
      "A Rabatt {{website}} B GEHEIM C {{unbekannt}}",
    );
  });

  it("leaves no placeholder of the defaults unfilled", () => {
    const variables = buildPromptVariables({
      platform: "instagram",
      tone: "humorous",
      language: "turkish",
      keyPoints: "Kaffee",
      website: { url: "https://example.de", title: "T", description: "D", text: "X" },
      hasImage: true,
    });
    for (const template of [DEFAULT_SYSTEM_PROMPT, DEFAULT_USER_PROMPT]) {
      expect(fillTemplate(template, variables)).not.toMatch(/\{\{/);
    }
    expect(fillTemplate(DEFAULT_SYSTEM_PROMPT, variables)).toContain("vollständig auf Türkisch");
    expect(fillTemplate(DEFAULT_USER_PROMPT, variables)).toContain('<website url="https://example.de">');
  });
});

describe("composeDemoPosts", () => {
  const keyPoints = "Neue Zimtschnecken, jeden Samstag ab 7 Uhr, mit Kardamom";

  it("writes three different posts for every network, tone and language", () => {
    for (const platform of PLATFORMS) {
      for (const tone of TONES) {
        for (const language of LANGUAGES) {
          const posts = composeDemoPosts({ platform, tone, language, keyPoints });
          expect(posts).toHaveLength(POSTS_PER_GENERATION);
          expect(new Set(posts).size).toBe(POSTS_PER_GENERATION);
          // ADR 0062: the demo cannot translate, so only a German post quotes the key points.
          for (const post of posts)
            if (language === "german") expect(post).toContain("Zimtschnecken");
            else expect(post).not.toContain("Zimtschnecken");
        }
      }
    }
  });

  it("keeps X posts within 195 characters with one hashtag and one exclamation mark at most", () => {
    for (const tone of TONES) {
      for (const language of LANGUAGES) {
        for (const post of composeDemoPosts({ platform: "twitter", tone, language, keyPoints })) {
          const metrics = computePostMetrics(post);
          expect(metrics.adjustedLength).toBeLessThanOrEqual(195);
          expect(metrics.hashtagCount).toBeLessThanOrEqual(1);
          expect(metrics.exclamationCount).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it("gives Instagram more hashtags than LinkedIn, and a formal tone no emoji", () => {
    const count = (text: string) => (text.match(/#/g) ?? []).length;
    const [instagram] = composeDemoPosts({ platform: "instagram", tone: "friendly", language: "german", keyPoints });
    const [linkedin] = composeDemoPosts({ platform: "linkedin", tone: "formal", language: "german", keyPoints });
    expect(count(instagram ?? "")).toBeGreaterThan(count(linkedin ?? ""));
    expect(linkedin).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it("splits key points at commas, lines, semicolons and bullets", () => {
    expect(splitKeyPoints("a, b\n- c; • d.")).toEqual(["a", "b", "c", "d"]);
    // Sentences stay whole, and "5. Geburtstag" or "Dr. Weber" is no sentence end.
    expect(splitKeyPoints("Bruno feiert 5. Geburtstag. Kuchen, Kerzen und Dr. Weber kommen!")).toEqual([
      "Bruno feiert 5. Geburtstag",
      "Kuchen, Kerzen und Dr. Weber kommen!",
    ]);
  });

  it("streams the posts word by word, ending with all of them", () => {
    const snapshots = [...streamDemoSnapshots([["Eins zwei"], ["Drei"]])];
    expect(snapshots).toEqual([[["Eins "]], [["Eins zwei"]], [["Eins zwei"], ["Drei"]]]);
  });

  it("streams a thread post by post within it (ADR 0065)", () => {
    const snapshots = [...streamDemoSnapshots([["Eins zwei", "Drei"], ["Vier"]])];
    expect(snapshots).toEqual([
      [["Eins "]],
      [["Eins zwei"]],
      [["Eins zwei", "Drei"]],
      [["Eins zwei", "Drei"], ["Vier"]],
    ]);
  });
});
