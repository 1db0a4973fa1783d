import { describe, expect, it } from "vitest";
import { GENERATOR_MESSAGES, joinThread, THREAD_POSTS_MAX, THREAD_POSTS_MIN } from "#shared/generator.ts";
import { computePostMetrics } from "#shared/post-metrics.ts";
import { FAKE_GENERATED_THREADS } from "../../../tests/mocks/openai.ts";
import { setUpBlockTestApp } from "../../../tests/setup/app-per-file.ts";
import { FORM, signUpAs, withGeneratorTestApp } from "../../../tests/support/generator-app.ts";
import { THREAD_INSTRUCTIONS } from "./generator-prompts.ts";

// ADR 0065: for X, three threads instead of three posts; one run, one credit, one archive entry.

const generator = withGeneratorTestApp();

const THREAD_FORM = { ...FORM, platform: "twitter", format: "thread" };
const asThreads = (threads: string[][]) => ({
  kind: "json" as const,
  value: { threads: threads.map((posts) => ({ posts })) },
});

describe("POST /api/generator/generate with format thread", () => {
  it("streams three threads, archives them as one thread entry and takes one credit", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 10 });
    const { events, last } = await generator.generateEvents(cookie, THREAD_FORM);
    // The model is asked for threads, after the admin's prompt.
    const [request] = generator.fake.requests;
    expect(request?.outputProperties).toEqual(["threads"]);
    expect(request?.messages[0]?.content.endsWith(THREAD_INSTRUCTIONS)).toBe(true);
    // Progress carries the threads so far, each post as its own string.
    const progress = events.filter((event) => event.type === "progress");
    expect(progress.some((event) => event.threads?.some((thread) => thread.length > 1))).toBe(true);
    expect(last).toMatchObject({
      type: "done",
      threads: FAKE_GENERATED_THREADS,
      posts: FAKE_GENERATED_THREADS.map(joinThread),
      creditsRemaining: 9,
    });
    // A thread run costs what a single run costs.
    expect(await generator.creditsOf(userId)).toBe(9);
    const [entry] = await generator.archiveOf(userId);
    expect(entry).toMatchObject({ format: "thread", generatedPosts: FAKE_GENERATED_THREADS, platform: "twitter" });
    const archiveId = last?.type === "done" ? last.archiveId : "";
    const single = await (await generator.t.request(`/api/archive/${archiveId}`, { cookie })).json();
    expect(single).toMatchObject({ format: "thread", threads: FAKE_GENERATED_THREADS });
    expect(single.posts[2]).toBe(joinThread(FAKE_GENERATED_THREADS[2] ?? []));
  });

  it("keeps single posts for X when no format is sent", async () => {
    const { cookie, userId } = await signUpAs(generator.t);
    const { last } = await generator.generateEvents(cookie, FORM);
    expect(last?.type === "done" && last.threads).toBeUndefined();
    expect((await generator.archiveOf(userId))[0]?.format).toBe("post");
  });

  it.each([
    [
      "a thread of eight posts",
      [...FAKE_GENERATED_THREADS.slice(0, 2), Array.from({ length: 8 }, (_, i) => `Teil ${i}`)],
    ],
    ["a thread of two posts", [...FAKE_GENERATED_THREADS.slice(0, 2), ["Eins", "Zwei"]]],
    // 141 emoji weigh 282 on X: short to the eye, too long for X.
    [
      "a post over 280 weighted characters",
      [...FAKE_GENERATED_THREADS.slice(0, 2), ["Eins", "Zwei", "🙂".repeat(141)]],
    ],
    ["two threads", FAKE_GENERATED_THREADS.slice(0, 2)],
  ])("refunds %s as an invalid answer", async (_case, threads) => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 3 });
    generator.fake.script(asThreads(threads));
    const { last } = await generator.generateEvents(cookie, THREAD_FORM);
    expect(last).toMatchObject({ type: "error", message: GENERATOR_MESSAGES.invalidResponse, creditsRemaining: 3 });
    expect(await generator.creditsOf(userId)).toBe(3);
    expect(await generator.archiveOf(userId)).toEqual([]);
  });

  it("refuses a thread for another network than X with 400 before charging", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 3 });
    const { response } = await generator.generate(cookie, { ...THREAD_FORM, platform: "linkedin" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: GENERATOR_MESSAGES.threadOnlyForX, code: "INVALID_INPUT" });
    const unknown = await generator.generate(cookie, { ...THREAD_FORM, format: "carousel" });
    expect(await unknown.response.json()).toEqual({ error: GENERATOR_MESSAGES.formatInvalid, code: "INVALID_INPUT" });
    expect(await generator.creditsOf(userId)).toBe(3);
    expect(generator.fake.requests).toEqual([]);
  });

  it("finds an archived thread by a word that only its third post has", async () => {
    const { cookie } = await signUpAs(generator.t);
    await generator.generateEvents(cookie, THREAD_FORM);
    await generator.generateEvents(cookie, FORM);
    // "liegen" stands only in the first thread's third post, "Drittens" in the third's fourth.
    for (const word of ["liegen frisch", "drittens"]) {
      const page = await (
        await generator.t.request(`/api/archive?search=${encodeURIComponent(word)}`, { cookie })
      ).json();
      expect(
        page.entries.map((entry: { format: string }) => entry.format),
        word,
      ).toEqual(["thread"]);
    }
  });
});

describe("a thread run in the demo mode", () => {
  const demo = setUpBlockTestApp();

  it("streams and archives three threads of 3 to 7 posts, each within 280, free of charge", async () => {
    const { cookie, userId } = await signUpAs(demo, { credits: 0 });
    const { events, last } = await generator.generateEvents(cookie, THREAD_FORM, demo);
    expect(events[0]).toEqual({ type: "start", creditsRemaining: null, demo: true });
    expect(events.some((event) => event.type === "progress" && event.threads)).toBe(true);
    const threads = last?.type === "done" ? (last.threads ?? []) : [];
    expect(threads).toHaveLength(3);
    for (const posts of threads) {
      expect(posts.length).toBeGreaterThanOrEqual(THREAD_POSTS_MIN);
      expect(posts.length).toBeLessThanOrEqual(THREAD_POSTS_MAX);
      for (const post of posts) expect(computePostMetrics(post).adjustedLength).toBeLessThanOrEqual(280);
    }
    const [entry] = await generator.archiveOf(userId, demo);
    expect(entry).toMatchObject({ format: "thread", generatedPosts: threads, demo: true });
  });
});
