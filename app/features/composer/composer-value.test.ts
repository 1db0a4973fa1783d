import { describe, expect, it } from "vitest";
import { PUBLIC_ADDRESS_HINTS } from "#shared/publishing.ts";
import {
  COMPOSER_ERRORS,
  type ComposerAccount,
  type ComposerValue,
  countsPerNetwork,
  EMPTY_COMPOSER_VALUE,
  publicAddressHints,
  toRequests,
  withAccount,
  withCustomized,
  withThread,
} from "./composer-value.ts";
import { linkedInFold } from "./previews/linkedin-preview.tsx";
import { firstUrl } from "./previews/preview-parts.tsx";

// The composer's value and what it sends (ADR 0086), without React.

const X: ComposerAccount = { id: "00000000-0000-4000-8000-00000000000a", network: "x", handle: "@anna" };
const SKY: ComposerAccount = {
  id: "00000000-0000-4000-8000-00000000000b",
  network: "bluesky",
  handle: "anna.bsky.social",
};
const IN: ComposerAccount = { id: "00000000-0000-4000-8000-00000000000c", network: "linkedin", handle: "Anna" };
const ACCOUNTS = [X, SKY, IN];
const value = (change: Partial<ComposerValue>): ComposerValue => ({ ...EMPTY_COMPOSER_VALUE, ...change });

describe("countsPerNetwork", () => {
  it("counts one text by each chosen network's own rule", () => {
    // A link weighs 23 on X; Bluesky counts graphemes, LinkedIn UTF-16 code units; 👍🏽 is one grapheme of 4 code units.
    const text = "Neu 👍🏽 https://example.com/ein/sehr/langer/pfad/zum/artikel";
    const counts = countsPerNetwork(value({ accountIds: [X.id, SKY.id, IN.id], text }), ACCOUNTS);
    expect(counts.x).toMatchObject({ length: 4 + 2 + 1 + 23, max: 280 });
    expect(counts.bluesky).toMatchObject({ length: 4 + 1 + 1 + 52, max: 300 });
    expect(counts.linkedin).toMatchObject({ length: text.length, max: 3000 });
  });

  it("shows X as too long where Bluesky still fits", () => {
    const counts = countsPerNetwork(value({ accountIds: [X.id, SKY.id], text: "a".repeat(290) }), ACCOUNTS);
    expect(counts.x?.fits).toBe(false);
    expect(counts.bluesky?.fits).toBe(true);
    expect(counts.linkedin).toBeUndefined();
  });
});

describe("toRequests", () => {
  it("sends the common text to each account, an own text where one was written, with image and time", () => {
    let current = value({ text: "Gemeinsam", image: { url: "/uploads/social-images/a.png", alt: " Ein Hafen " } });
    current = withAccount(withAccount(current, X.id, true), SKY.id, true);
    current = withCustomized(current, true);
    current = { ...current, perAccountText: { ...current.perAccountText, [SKY.id]: "Nur Bluesky" } };
    current = { ...current, plannedFor: { date: "2026-12-01", time: "09:30" } };
    expect(toRequests(current, ACCOUNTS)).toEqual({
      kind: "posts",
      input: {
        targets: [
          { accountId: X.id, text: "Gemeinsam" },
          { accountId: SKY.id, text: "Nur Bluesky" },
        ],
        image: { url: "/uploads/social-images/a.png", alt: "Ein Hafen" },
        plannedFor: { date: "2026-12-01", time: "09:30" },
      },
    });
  });

  it("asks for an account first", () => {
    expect(toRequests(value({ text: "Hallo" }), ACCOUNTS)).toEqual({
      kind: "invalid",
      error: COMPOSER_ERRORS.noAccount,
    });
  });

  it("sends a thread to each chosen thread account and refuses other networks in thread mode", () => {
    const thread = withThread(value({ accountIds: [X.id], text: "Eins" }), true);
    expect(thread.threadPosts).toEqual(["Eins", ""]);
    const filled = { ...thread, threadPosts: ["Eins", "Zwei", " "] };
    expect(toRequests(filled, ACCOUNTS)).toEqual({
      kind: "threads",
      inputs: [{ accountId: X.id, posts: ["Eins", "Zwei"] }],
    });
    expect(toRequests({ ...filled, accountIds: [X.id, IN.id] }, ACCOUNTS)).toEqual({
      kind: "invalid",
      error: COMPOSER_ERRORS.threadNetwork,
    });
    expect(withThread(filled, false).text).toBe("Eins\n\nZwei");
  });

  it("keeps a removed generation image removed: the generation is named only with its image kept", () => {
    const extra = {
      archiveEntryId: "00000000-0000-4000-8000-0000000000ff",
      archiveImageUrl: "/uploads/social-images/g.png",
    };
    const without = toRequests(value({ accountIds: [X.id], text: "T" }), ACCOUNTS, extra);
    expect(without.kind === "posts" && without.input.archiveEntryId).toBeUndefined();
    const kept = toRequests(
      value({ accountIds: [X.id], text: "T", image: { url: extra.archiveImageUrl, alt: "" } }),
      ACCOUNTS,
      extra,
    );
    expect(kept.kind === "posts" && kept.input.archiveEntryId).toBe(extra.archiveEntryId);
  });
});

describe("previews", () => {
  it("folds LinkedIn after three lines or about 210 characters, between words", () => {
    expect(linkedInFold("Kurz.")).toBeNull();
    expect(linkedInFold("1\n2\n3")).toBeNull();
    expect(linkedInFold("1\n2\n3\n4")).toBe("1\n2\n3");
    const long = "Wort ".repeat(60).trim();
    const folded = linkedInFold(long) ?? "";
    expect(folded.length).toBeLessThanOrEqual(210);
    expect(folded.endsWith("Wort")).toBe(true);
  });

  it("finds the first link without the sentence's punctuation", () => {
    expect(firstUrl("Lesen Sie https://example.com/a. Und https://b.example")?.href).toBe("https://example.com/a");
    expect(firstUrl("Ohne Link")).toBeNull();
  });
});

describe("the Mastodon content warning (ADR 0095)", () => {
  const TOOT: ComposerAccount = {
    id: "00000000-0000-4000-8000-00000000000d",
    network: "mastodon",
    handle: "@a@b.social",
  };
  it("goes to Mastodon alone, trimmed, and counts toward Mastodon's limit", () => {
    const post = value({ accountIds: [X.id, TOOT.id], text: "a".repeat(490), contentWarning: " Spoiler: Rezept " });
    const counts = countsPerNetwork(post, [X, TOOT]);
    expect(counts.mastodon).toMatchObject({ length: 490 + 15, fits: false });
    expect(counts.x).toMatchObject({ length: 490 });
    const requests = toRequests(post, [X, TOOT]);
    expect(requests.kind === "posts" && requests.input.contentWarning).toBe("Spoiler: Rezept");
    const thread = toRequests({ ...post, threadPosts: ["Eins", "Zwei"] }, [X, TOOT]);
    expect(thread.kind === "threads" && thread.inputs.map((input) => input.contentWarning)).toEqual([
      undefined,
      "Spoiler: Rezept",
    ]);
    expect(toRequests({ ...post, accountIds: [X.id] }, [X, TOOT])).not.toHaveProperty("input.contentWarning");
  });
});

describe("publicAddressHints", () => {
  const FB: ComposerAccount = { id: "00000000-0000-4000-8000-00000000000e", network: "facebook", handle: "Seite" };
  const TH: ComposerAccount = { id: "00000000-0000-4000-8000-00000000000f", network: "threads", handle: "@th" };
  const image = { url: "/uploads/social-images/1.jpg", alt: "" };
  const all = { instagram: true, threadsImages: true };
  it("says why Instagram is missing next to Facebook, and why Threads takes no image, where the address is not public", () => {
    expect(publicAddressHints(value({ accountIds: [FB.id, TH.id], image }), [FB, TH], all)).toEqual([
      PUBLIC_ADDRESS_HINTS.instagram,
      PUBLIC_ADDRESS_HINTS.threadsImages,
    ]);
    expect(publicAddressHints(value({ accountIds: [TH.id] }), [FB, TH], all)).toEqual([]);
    expect(
      publicAddressHints(value({ accountIds: [FB.id, TH.id], image }), [FB, TH], {
        instagram: false,
        threadsImages: false,
      }),
    ).toEqual([]);
  });
});
