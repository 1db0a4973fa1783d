import { compareBest, engagementRate, interactions, type PostFigures } from "#shared/metrics.ts";
import type { NetworkId } from "#shared/networks.ts";
import {
  OWN_EXAMPLE_EXCERPT_LENGTH,
  OWN_EXAMPLES_MAX,
  OWN_EXAMPLES_MIN,
  type OwnExample,
} from "#shared/own-results.ts";
import type { SentPost } from "./sent-posts.ts";

// Which of the user's posts the generator takes as examples (ADR 0114). Pure: the service hands in
// the user's own sent posts, this decides. Only single posts with figures that are still online
// count: a thread's row holds only its first post but the whole thread's figures, and a post deleted
// on the network was the user's own verdict on it.

/** An example with the whole text, for the prompt; the page gets OwnExample without it. */
export type ChosenExample = OwnExample & { text: string };

export type ExampleChoice = {
  postsWithFigures: number;
  scope: "network" | "all" | null;
  examples: ChosenExample[];
};

type Measured = {
  post: SentPost & { figures: PostFigures };
  rate: number | null;
  interactions: number;
  sentAt: string;
};

/** The same words with other spaces or case are the same post (the composer sends one text to several networks). */
const sameText = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

export function excerptOf(text: string): string {
  const flat = text.trim().replace(/\s+/g, " ");
  const characters = [...flat];
  return characters.length <= OWN_EXAMPLE_EXCERPT_LENGTH
    ? flat
    : `${characters
        .slice(0, OWN_EXAMPLE_EXCERPT_LENGTH - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * The user's best posts for a run on `network`: from that network when it has OWN_EXAMPLES_MIN
 * posts with figures, else from all; best by engagement rate (the Erfolg page's order, compareBest);
 * each text once; at most OWN_EXAMPLES_MAX. None below OWN_EXAMPLES_MIN posts with figures at all.
 */
export function chooseOwnExamples(posts: SentPost[], network: NetworkId): ExampleChoice {
  const eligible: Measured[] = posts.flatMap((post) =>
    post.figures !== null && !post.deleted && post.postCount === 1 && post.text.trim() !== ""
      ? [
          {
            post: post as SentPost & { figures: PostFigures },
            rate: engagementRate(post.figures),
            interactions: interactions(post.figures),
            sentAt: post.sentAt,
          },
        ]
      : [],
  );
  if (eligible.length < OWN_EXAMPLES_MIN) return { postsWithFigures: eligible.length, scope: null, examples: [] };
  const ofNetwork = eligible.filter((entry) => entry.post.network === network);
  const scope = ofNetwork.length >= OWN_EXAMPLES_MIN ? "network" : "all";
  const seen = new Set<string>();
  const examples: ChosenExample[] = [];
  for (const entry of [...(scope === "network" ? ofNetwork : eligible)].sort(compareBest)) {
    const key = sameText(entry.post.text);
    if (seen.has(key)) continue;
    seen.add(key);
    examples.push({
      publicationId: entry.post.publicationId,
      network: entry.post.network,
      sentAt: entry.post.sentAt,
      excerpt: excerptOf(entry.post.text),
      interactions: entry.interactions,
      rate: entry.rate,
      text: entry.post.text.trim(),
    });
    if (examples.length === OWN_EXAMPLES_MAX) break;
  }
  return { postsWithFigures: eligible.length, scope, examples };
}
