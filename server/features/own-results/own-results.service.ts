import type { Database } from "#server/db/client.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { SimilarPostsView } from "#shared/own-results.ts";
import { chooseOwnExamples, type ExampleChoice } from "./own-examples.ts";
import { sentPosts } from "./sent-posts.ts";
import { summarizeSimilarPosts } from "./similar-posts.ts";

// The user's own results for the generator and the optimizer (ADR 0114): always the signed-in user's
// own posts (sentPosts reads by user id), the rules in own-examples.ts and similar-posts.ts.

export async function ownExamples(db: Database, userId: string, network: NetworkId): Promise<ExampleChoice> {
  return chooseOwnExamples(await sentPosts(db, userId), network);
}

export async function similarPosts(
  db: Database,
  userId: string,
  draft: { length: number; hashtags: number },
): Promise<SimilarPostsView> {
  return summarizeSimilarPosts(await sentPosts(db, userId), draft);
}
