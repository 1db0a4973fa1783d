import { afterAll, describe, expect, it } from "vitest";
import type { NetworkIdentity, SocialNetwork, TokenSet } from "#server/integrations/social/social-network.ts";
import { NETWORKS } from "#shared/networks.ts";
import {
  FAILURE_REASONS,
  failureText,
  NETWORK_REFUSAL_REASONS,
  type NetworkRefusalReason,
} from "#shared/publishing-failures.ts";
import { BLUESKY_REFUSALS } from "../../../tests/mocks/bluesky-server.ts";
import { LINKEDIN_REFUSALS } from "../../../tests/mocks/linkedin-server.ts";
import {
  blueskyOnFake,
  linkedInOnFake,
  type NetworkOnFake,
  signInToBluesky,
  xOnFake,
} from "../../../tests/mocks/networks-on-fakes.ts";
import { connectThroughFake, type FakeAnswer, networkFailure } from "../../../tests/mocks/social-fake.ts";
import { X_REFUSALS } from "../../../tests/mocks/x-server.ts";

// ADR 0093: each integration sorts its network's refusal, as the network words it (the fakes answer
// with the networks' own bodies), into a class the owner can act on, and keeps the words.

const x = await xOnFake();
const linkedin = await linkedInOnFake();
const bluesky = await blueskyOnFake();
afterAll(async () => {
  await Promise.all([x.fake.close(), linkedin.fake.close(), bluesky.fake.close()]);
});

/** The network's own words in a refusal body, as the original the owner sees. */
function wordsOf(answer: FakeAnswer): string {
  const body = answer.json as { errors?: { message?: string }[]; detail?: string; message?: string };
  return body.errors?.[0]?.message ?? body.detail ?? body.message ?? "";
}

type Case = {
  name: string;
  on: NetworkOnFake;
  refusals: Record<NetworkRefusalReason, FakeAnswer | null>;
  connect: (network: SocialNetwork) => Promise<TokenSet>;
};

const cases: Case[] = [
  { name: "X", on: x, refusals: X_REFUSALS, connect: (network) => connectThroughFake(network, "klassen") },
  {
    name: "LinkedIn",
    on: linkedin,
    refusals: LINKEDIN_REFUSALS,
    connect: (network) => connectThroughFake(network, "klassen"),
  },
  { name: "Bluesky", on: bluesky, refusals: BLUESKY_REFUSALS, connect: (network) => signInToBluesky(network) },
];

describe.each(cases)("$name: a refusal as a class", ({ on, refusals, connect }) => {
  let tokens: TokenSet;
  let identity: NetworkIdentity;
  const answered = NETWORK_REFUSAL_REASONS.filter((reason) => refusals[reason] !== null);

  it.each(answered)("sorts the network's answer for %s into that class, with its own words", async (reason) => {
    tokens ??= await connect(on.network);
    identity ??= await on.network.identity(tokens);
    const answer = refusals[reason];
    if (!answer) throw new Error("keine Antwort");
    // Twice: a 401 is tried once more after a refresh (ADR 0060).
    on.fake.fault({ kind: "refusal", reason }, { route: "post", times: 2 });
    try {
      const error = await networkFailure(
        on.network.publish(tokens, identity, { text: `Klasse ${reason}`, images: [] }),
      );
      expect(error.reason).toBe(reason);
      expect(error.detail).toBe(wordsOf(answer));
    } finally {
      on.fake.clearFaults();
    }
  });
});

describe("refusals the fakes give on their own, as the networks do", () => {
  it("X: the same text twice is a duplicate", async () => {
    const tokens = await connectThroughFake(x.network, "doppelt");
    const identity = await x.network.identity(tokens);
    await x.network.publish(tokens, identity, { text: "Zweimal dasselbe", images: [] });
    const error = await networkFailure(x.network.publish(tokens, identity, { text: "Zweimal dasselbe", images: [] }));
    expect([error.kind, error.reason]).toEqual(["rejected", "duplicate"]);
    expect(error.detail).toBe("You are not allowed to create a Tweet with duplicate content.");
  });

  it("X, LinkedIn and Bluesky: a text over the limit is too long", async () => {
    const xTokens = await connectThroughFake(x.network, "lang");
    const xLong = await networkFailure(
      x.network.publish(xTokens, await x.network.identity(xTokens), { text: "a".repeat(281), images: [] }),
    );
    expect(xLong.reason).toBe("too-long");
    const inTokens = await connectThroughFake(linkedin.network, "lang");
    const inLong = await networkFailure(
      linkedin.network.publish(inTokens, await linkedin.network.identity(inTokens), {
        text: "a".repeat(3001),
        images: [],
      }),
    );
    expect(inLong.reason).toBe("too-long");
    const skyTokens = await signInToBluesky(bluesky.network);
    const skyLong = await networkFailure(
      bluesky.network.publish(skyTokens, await bluesky.network.identity(skyTokens), {
        text: "ä".repeat(301),
        images: [],
      }),
    );
    expect(skyLong.reason).toBe("too-long");
  });
});

describe("the German sentences", () => {
  it.each(FAILURE_REASONS)("%s names the network and says what to do", (reason) => {
    for (const network of Object.values(NETWORKS)) {
      const sentence = failureText(reason, network.label);
      expect(sentence).toContain(network.label);
      expect(sentence).toMatch(/Sie /);
      expect(sentence).not.toMatch(/\b(the|not allowed|error)\b/i);
    }
  });

  it("says a limit of requests that stayed exhausted is one, and that the post can be sent again", () => {
    const sentence = failureText("rate-limited", "Bluesky");
    expect(sentence).toMatch(/^Bluesky hat zu viele Anfragen gemeldet .*; Sie können ihn dann erneut senden\.$/);
    expect(sentence).not.toBe(failureText("usage-limit", "Bluesky"));
  });
});
