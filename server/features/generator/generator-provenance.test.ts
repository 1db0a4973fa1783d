import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { promptConfigurations, tokenConfigurations } from "#server/db/schema/generator.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { describeArchiveProvenance } from "#shared/archive.ts";
import { setUpBlockTestApp } from "../../../tests/setup/app-per-file.ts";
import { FORM, signUpAs, withGeneratorTestApp } from "../../../tests/support/generator-app.ts";
import {
  DEFAULT_SYSTEM_PROMPT,
  DEFAULT_USER_PROMPT,
  GENERATOR_DEFAULT_MAX_TOKENS,
  hashPromptConfiguration,
} from "./generator-prompts.ts";

const generator = withGeneratorTestApp();

describe("the provenance of an archive entry (ADR 0025)", () => {
  it("records provider, model, prompt and token configuration of the run and returns them", async () => {
    const { cookie, userId } = await signUpAs(generator.t);
    const { prompt, tokens } = await generator.seededConfiguration();
    const { last } = await generator.generateEvents(cookie);
    const archiveId = last?.type === "done" ? last.archiveId : "";
    const expected = {
      demo: false,
      provider: "openai-compatible",
      model: "fake-model",
      promptConfigurationId: prompt.id,
      promptHash: hashPromptConfiguration({ systemPrompt: DEFAULT_SYSTEM_PROMPT, userPrompt: DEFAULT_USER_PROMPT }),
      tokenConfigurationId: tokens.id,
      maxTokens: GENERATOR_DEFAULT_MAX_TOKENS,
    };
    expect((await generator.archiveOf(userId))[0]?.provenance).toEqual(expected);
    expect(expected.promptHash).toMatch(/^[0-9a-f]{16}$/);

    const single = await (await generator.t.request(`/api/archive/${archiveId}`, { cookie })).json();
    expect(single.provenance).toEqual(expected);
    const list = await (await generator.t.request("/api/archive", { cookie })).json();
    expect(list.entries[0]).toMatchObject({ id: archiveId, demo: false, provenance: expected });
    expect(describeArchiveProvenance(single)).toBe("Erstellt mit KI · Modell fake-model (OpenAI-kompatibler Server)");
  });

  it("gets a new prompt hash once an admin edits the prompt, and records the edited token limit", async () => {
    const { cookie, userId } = await signUpAs(generator.t);
    const { prompt, tokens } = await generator.seededConfiguration();
    const before = hashPromptConfiguration(prompt);
    try {
      await generator.t.db
        .update(promptConfigurations)
        .set({ userPrompt: `${prompt.userPrompt}\n\nBitte ohne Emojis.` })
        .where(eq(promptConfigurations.id, prompt.id));
      await generator.t.db
        .update(tokenConfigurations)
        .set({ maxTokens: 1500 })
        .where(eq(tokenConfigurations.id, tokens.id));
      const { last } = await generator.generateEvents(cookie);
      expect(last?.type).toBe("done");
      expect(generator.fake.requests[0]?.messages[1]?.content).toContain("Bitte ohne Emojis.");
      const provenance = (await generator.archiveOf(userId))[0]?.provenance;
      expect(provenance).toMatchObject({ promptConfigurationId: prompt.id, maxTokens: 1500 });
      expect(provenance?.promptHash).toBe(
        hashPromptConfiguration({
          systemPrompt: prompt.systemPrompt,
          userPrompt: `${prompt.userPrompt}\n\nBitte ohne Emojis.`,
        }),
      );
      expect(provenance?.promptHash).not.toBe(before);
    } finally {
      await generator.t.db
        .update(promptConfigurations)
        .set({ userPrompt: prompt.userPrompt })
        .where(eq(promptConfigurations.id, prompt.id));
      await generator.t.db
        .update(tokenConfigurations)
        .set({ maxTokens: tokens.maxTokens })
        .where(eq(tokenConfigurations.id, tokens.id));
    }
  });

  it("says when the code's default prompt stood in for a deleted row", async () => {
    const { cookie, userId } = await signUpAs(generator.t);
    const { prompt } = await generator.seededConfiguration();
    try {
      await generator.t.db.delete(promptConfigurations).where(eq(promptConfigurations.id, prompt.id));
      expect((await generator.generateEvents(cookie)).last?.type).toBe("done");
      expect((await generator.archiveOf(userId))[0]?.provenance).toMatchObject({
        promptConfigurationId: null,
        promptHash: hashPromptConfiguration({ systemPrompt: DEFAULT_SYSTEM_PROMPT, userPrompt: DEFAULT_USER_PROMPT }),
      });
    } finally {
      await generator.t.db.insert(promptConfigurations).values(prompt);
    }
  });
});

describe("the access code (ADR 0015)", () => {
  const CODE = "Sonnenschein-2026";
  const gated = setUpBlockTestApp({ env: { GENERATOR_ACCESS_CODE: CODE } });

  const status = async (cookie: string) => (await gated.request("/api/generator/status", { cookie })).json();
  const unlock = (cookie: string, code: unknown) => gated.postJson("/api/generator/unlock", { code }, cookie);

  it("keeps a locked account from generating, without charging it", async () => {
    const { cookie, userId } = await signUpAs(gated, { credits: 3 });
    expect((await status(cookie)).accessCodeRequired).toBe(true);
    const response = await gated.postJson("/api/generator/generate", FORM, cookie);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: "Bitte geben Sie zuerst den Zugangscode für den Generator ein.",
      code: "ACCESS_CODE_REQUIRED",
    });
    const [profile] = await gated.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.credits).toBe(3);
    expect(await gated.db.select().from(archivedPosts).where(eq(archivedPosts.userId, userId))).toHaveLength(0);
  });

  it("stays locked on a wrong or blank entry and opens on the right one, for this account only", async () => {
    const { cookie } = await signUpAs(gated);
    const other = await signUpAs(gated);
    const wrong = await unlock(cookie, "sonnenschein-2026");
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "Falsches Passwort", code: "ACCESS_CODE_WRONG" });
    expect(await (await unlock(cookie, "   ")).json()).toEqual({
      error: "Bitte geben Sie den Zugangscode ein.",
      code: "INVALID_INPUT",
    });
    expect((await status(cookie)).accessCodeRequired).toBe(true);

    const right = await unlock(cookie, ` ${CODE} `);
    expect(right.status).toBe(200);
    expect((await status(cookie)).accessCodeRequired).toBe(false);
    expect((await status(other.cookie)).accessCodeRequired).toBe(true);
    const { last } = await generator.generateEvents(cookie, FORM, gated);
    expect(last).toMatchObject({ type: "done" });
  });

  it("asks everybody again once the server's code changes", async () => {
    const { cookie } = await signUpAs(gated);
    expect((await unlock(cookie, CODE)).status).toBe(200);
    const changed = await gated.restartWith({ env: { GENERATOR_ACCESS_CODE: "Neuer-Code-2027" } });
    expect((await (await changed.request("/api/generator/status", { cookie })).json()).accessCodeRequired).toBe(true);
    expect((await changed.postJson("/api/generator/generate", FORM, cookie)).status).toBe(403);
  });

  it("allows ten guesses per quarter hour, then answers 429", async () => {
    const { cookie } = await signUpAs(gated);
    for (let guess = 1; guess <= 10; guess++) expect((await unlock(cookie, `falsch-${guess}`)).status).toBe(403);
    const limited = await unlock(cookie, CODE);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
      code: "TOO_MANY_REQUESTS",
    });
    expect((await status(cookie)).accessCodeRequired).toBe(true);
  });

  it("is off when no code is configured", async () => {
    const { cookie } = await signUpAs(generator.t);
    expect((await (await generator.t.request("/api/generator/status", { cookie })).json()).accessCodeRequired).toBe(
      false,
    );
    expect((await generator.t.postJson("/api/generator/unlock", { code: "egal" }, cookie)).status).toBe(200);
  });
});

describe("the demo mode (no AI provider)", () => {
  const demo = setUpBlockTestApp();

  it("streams three labelled posts in the chosen language and archives them as demo", async () => {
    const { cookie } = await signUpAs(demo);
    expect((await (await demo.request("/api/generator/status", { cookie })).json()).demoMode).toBe(true);
    const { events, last } = await generator.generateEvents(
      cookie,
      { ...FORM, platform: "linkedin", language: "english", tone: "formal" },
      demo,
    );
    expect(events[0]).toEqual({ type: "start", creditsRemaining: null, demo: true });
    expect(events.filter((event) => event.type === "progress").length).toBeGreaterThan(5);
    expect(last).toMatchObject({ type: "done", demo: true });
    const posts = last?.type === "done" ? last.posts : [];
    expect(posts).toHaveLength(3);
    // ADR 0062: the demo cannot translate, so an English post says so instead of mixing in German.
    expect(posts[0]).toContain("We would like to inform you:");
    expect(posts[0]).toContain("your key points would appear here in English");
    expect(posts.join("\n")).not.toContain("Zimtschnecken");
    expect(new Set(posts).size).toBe(3);
    // ADR 0025: the offline composer used no provider, model, prompt or token limit.
    const archiveId = last?.type === "done" ? last.archiveId : "";
    const entry = await (await demo.request(`/api/archive/${archiveId}`, { cookie })).json();
    expect(entry.demo).toBe(true);
    // Provider, model, prompt id and hash, token id and limit: every one of them empty.
    const { demo: demoFlag, ...used } = entry.provenance;
    expect(demoFlag).toBe(true);
    expect(Object.keys(used)).toHaveLength(6);
    expect(Object.values(used).every((value) => value === null)).toBe(true);
    expect(describeArchiveProvenance(entry)).toBe("Erstellt ohne KI · Demo-Modus");
  });

  it("charges nothing, not even at 0 credits, and opens no run (ADR 0062)", async () => {
    const { cookie, userId } = await signUpAs(demo, { credits: 0 });
    const status = await (await demo.request("/api/generator/status", { cookie })).json();
    expect(status).toMatchObject({ credits: 0, canGenerate: true, demoMode: true });
    const { events, last } = await generator.generateEvents(cookie, FORM, demo);
    expect(events[0]).toEqual({ type: "start", creditsRemaining: null, demo: true });
    expect(last).toMatchObject({ type: "done", creditsRemaining: null, demo: true });
    const [profile] = await demo.db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.id, userId));
    expect(profile?.credits).toBe(0);
    expect(await demo.db.select().from(contentGenerationLogs).where(eq(contentGenerationLogs.userId, userId))).toEqual(
      [],
    );
    expect(await demo.db.select().from(archivedPosts).where(eq(archivedPosts.userId, userId))).toHaveLength(1);
  });
});
