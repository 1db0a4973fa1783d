import { describe, expect, it } from "vitest";
import { OWN_EXAMPLES_MIN } from "#shared/own-results.ts";
import { FORM, signUpAs, withGeneratorTestApp } from "../../../tests/support/generator-app.ts";
import { connectMcp, mcpResultOf, publicApiClient } from "../../../tests/support/public-api.ts";
import { seedSentPost } from "../../../tests/support/sent-posts.ts";

// ADR 0114: "Schreibe wie meine erfolgreichsten Beiträge" through the real app and the OpenAI fake.
// The fake records every request, so the test reads what the model was given: the user's own best
// posts with the switch on, none with it off, never another user's.

const generator = withGeneratorTestApp();

const userMessageOf = (index: number) =>
  generator.fake.requests[index]?.messages.find((message) => message.role === "user")?.content ?? "";

async function seedOwnPosts(userId: string, prefix: string, rates: number[]) {
  for (const [index, percent] of rates.entries())
    await seedSentPost(generator.t, userId, {
      text: `${prefix} Beitrag ${index + 1} mit ${percent} Prozent #Zimt`,
      figures: { likes: percent, views: 100 },
    });
}

describe("the generator's own examples", () => {
  it("refuses the switch below three posts with figures, before any charge and without asking the model", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 3 });
    await seedOwnPosts(userId, "Wenig", [5]);
    await seedSentPost(generator.t, userId, { text: "Noch ohne Zahlen", figures: null });

    const view = await generator.t.request("/api/generator/own-examples?platform=twitter", { cookie });
    expect(await view.json()).toEqual({ enabled: false, postsWithFigures: 1, scope: null, examples: [] });

    const { response } = await generator.generate(cookie, { ...FORM, useOwnExamples: true });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      code: "TOO_FEW_OWN_EXAMPLES",
      error: `Dafür brauchen Sie mindestens ${OWN_EXAMPLES_MIN} gesendete Beiträge mit Kennzahlen (ohne Threads); bisher hat einer Kennzahlen, es fehlen noch 2.`,
    });
    expect(await generator.creditsOf(userId)).toBe(3);
    expect(generator.fake.requests).toHaveLength(0);
  });

  it("gives the model the user's three best posts with the switch on, none with it off, never another user's", async () => {
    const anna = await signUpAs(generator.t, { credits: 3 });
    const other = await signUpAs(generator.t, { credits: 3 });
    await seedOwnPosts(anna.userId, "Anna", [2, 9, 4, 7]);
    // The other account's posts do better: they would be chosen if the query crossed accounts.
    await seedOwnPosts(other.userId, "Fremd", [50, 60, 70]);

    const view = await generator.t.request("/api/generator/own-examples?platform=twitter", { cookie: anna.cookie });
    const shown = (await view.json()) as { scope: string; examples: { excerpt: string; rate: number }[] };
    expect(shown.scope).toBe("network");
    expect(shown.examples.map((example) => [example.excerpt, example.rate])).toEqual([
      ["Anna Beitrag 2 mit 9 Prozent #Zimt", 0.09],
      ["Anna Beitrag 4 mit 7 Prozent #Zimt", 0.07],
      ["Anna Beitrag 3 mit 4 Prozent #Zimt", 0.04],
    ]);

    const on = await generator.generateEvents(anna.cookie, { ...FORM, useOwnExamples: true });
    expect(on.last?.type).toBe("done");
    const withExamples = userMessageOf(0);
    expect(withExamples).toContain("<beispiele>");
    for (const number of [2, 3, 4]) expect(withExamples).toContain(`Anna Beitrag ${number} mit`);
    expect(withExamples).toContain('interaktionsrate="9,0 %"');
    expect(withExamples).not.toContain("Anna Beitrag 1 mit");
    expect(withExamples).not.toContain("Fremd");

    const off = await generator.generateEvents(anna.cookie, FORM);
    expect(off.last?.type).toBe("done");
    expect(userMessageOf(1)).not.toContain("<beispiele>");
    expect(userMessageOf(1)).not.toContain("Anna Beitrag");

    const others = await generator.generateEvents(other.cookie, { ...FORM, useOwnExamples: true });
    expect(others.last?.type).toBe("done");
    expect(userMessageOf(2)).toContain("Fremd Beitrag 3");
    expect(userMessageOf(2)).not.toContain("Anna");
  });

  it("remembers the switch per account and answers a wrong value in German", async () => {
    const { cookie } = await signUpAs(generator.t);
    const put = (body: unknown) =>
      generator.t.request("/api/generator/own-examples", { method: "PUT", body: JSON.stringify(body), cookie });
    expect(await (await put({ enabled: true })).json()).toEqual({ enabled: true });
    const view = await generator.t.request("/api/generator/own-examples?platform=linkedin", { cookie });
    expect(((await view.json()) as { enabled: boolean }).enabled).toBe(true);

    const wrong = await put({ enabled: "ja" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/^Bitte geben Sie an/);
    const badPlatform = await generator.t.request("/api/generator/own-examples?platform=myspace", { cookie });
    expect(await badPlatform.json()).toEqual({ code: "INVALID_INPUT", error: "Bitte wählen Sie ein Netzwerk." });
    expect((await generator.t.request("/api/generator/own-examples?platform=x")).status).toBe(401);
  });

  it("takes the same field on POST /api/v1/generate and the MCP tool generate_posts", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 3 });
    await seedOwnPosts(userId, "Schnittstelle", [3, 6, 5]);
    const api = await publicApiClient(generator.t, cookie);
    const key = await api.newKey(["generate"]);
    const answer = await api.call(key, "/generate", { method: "POST", body: { ...FORM, useOwnExamples: true } });
    expect(answer.status).toBe(201);
    expect(userMessageOf(0)).toContain("Schnittstelle Beitrag 2 mit 6 Prozent");
    const plain = await api.call(key, "/generate", { method: "POST", body: FORM });
    expect(plain.status).toBe(201);
    expect(userMessageOf(1)).not.toContain("<beispiele>");

    const client = await connectMcp(generator.t, key);
    const viaMcp = mcpResultOf(
      await client.callTool({ name: "generate_posts", arguments: { ...FORM, useOwnExamples: true } }),
    );
    expect(viaMcp.posts).toHaveLength(3);
    expect(userMessageOf(2)).toContain("Schnittstelle Beitrag 3 mit 5 Prozent");
    await client.close();
  });
});
