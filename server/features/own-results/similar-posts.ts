import { engagementRate, interactions } from "#shared/metrics.ts";
import { SIMILAR_LENGTH_SPREAD, SIMILAR_POSTS_MIN, type SimilarPostsView } from "#shared/own-results.ts";
import { computePostMetrics } from "#shared/post-metrics.ts";
import type { SentPost } from "./sent-posts.ts";

// Which of the user's sent X posts are like the optimizer's draft, and how they did (ADR 0114).
// Pure: the service hands in the user's own posts. Length is X's weighted length, the optimizer's
// own counter (shared/post-metrics.ts), measured here on the sent text the same way.

/** Similar: X length within SIMILAR_LENGTH_SPREAD either way; no hashtag with none, else one fewer to one more (at least one). */
export function similarRange(length: number, hashtags: number): Pick<SimilarPostsView, "length" | "hashtags"> {
  return {
    length: { min: Math.max(0, length - SIMILAR_LENGTH_SPREAD), max: length + SIMILAR_LENGTH_SPREAD },
    hashtags: hashtags === 0 ? { min: 0, max: 0 } : { min: Math.max(1, hashtags - 1), max: hashtags + 1 },
  };
}

const mean = (values: number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The similar single X posts with figures, and their averages from SIMILAR_POSTS_MIN posts on. */
export function summarizeSimilarPosts(
  posts: SentPost[],
  draft: { length: number; hashtags: number },
): SimilarPostsView {
  const range = similarRange(draft.length, draft.hashtags);
  const within = (value: number, { min, max }: { min: number; max: number }) => value >= min && value <= max;
  const similar = posts.flatMap((post) => {
    if (post.network !== "x" || post.figures === null || post.deleted || post.postCount !== 1) return [];
    const metrics = computePostMetrics(post.text);
    return within(metrics.adjustedLength, range.length) && within(metrics.hashtagCount, range.hashtags)
      ? [post.figures]
      : [];
  });
  const enough = similar.length >= SIMILAR_POSTS_MIN;
  const rates = similar.map(engagementRate).filter((rate): rate is number => rate !== null);
  const views = similar.map((figures) => figures.views).filter((value): value is number => value !== null);
  return {
    ...range,
    posts: similar.length,
    averageRate: enough ? mean(rates) : null,
    averageViews: enough ? mean(views) : null,
    averageInteractions: enough ? mean(similar.map(interactions)) : null,
  };
}
