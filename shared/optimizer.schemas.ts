import { z } from "zod";
import {
  OPTIMIZER_ERRORS,
  OPTIMIZER_MESSAGES,
  OPTIMIZER_TEXT_MAX_LENGTH,
  THREAD_POSTS_MAX,
  THREAD_POSTS_MIN,
  THREAD_TEXT_MAX_LENGTH,
} from "./optimizer.ts";
import { textField } from "./text.schemas.ts";

// Requests of the X-post optimizer's API (/api/optimizer, ADR 0007). Response types are
// inferred from the routes (hc<AppType>); constants and texts live in optimizer.ts (ADR 0021).

const postTextField = (blankMessage: string) =>
  textField(blankMessage)
    .max(OPTIMIZER_TEXT_MAX_LENGTH, { error: OPTIMIZER_ERRORS.textTooLong })
    .refine((text) => text.trim() !== "", { error: blankMessage });

export const CorrectGrammarSchema = z.object({ postText: postTextField(OPTIMIZER_MESSAGES.grammarBlank) });

export const ImprovePostSchema = z.object({ postText: postTextField(OPTIMIZER_MESSAGES.improveBlank) });

// A thread keeps its split: all posts blank is the single post's blank message, one blank post
// among others is named by its position, since the writer has to find it.
const threadPostsField = (blankMessage: string) =>
  z
    .array(textField(blankMessage).max(OPTIMIZER_TEXT_MAX_LENGTH, { error: OPTIMIZER_ERRORS.textTooLong }), {
      error: blankMessage,
    })
    .min(THREAD_POSTS_MIN, { error: OPTIMIZER_ERRORS.threadTooFewPosts })
    .max(THREAD_POSTS_MAX, { error: OPTIMIZER_ERRORS.threadTooManyPosts })
    .superRefine((posts, context) => {
      const blank = posts.findIndex((post) => post.trim() === "");
      if (blank === -1) {
        const total = posts.reduce((sum, post) => sum + post.length, 0);
        if (total > THREAD_TEXT_MAX_LENGTH)
          context.addIssue({ code: "custom", message: OPTIMIZER_ERRORS.threadTooLong });
        return;
      }
      const allBlank = posts.every((post) => post.trim() === "");
      context.addIssue({
        code: "custom",
        message: allBlank ? blankMessage : OPTIMIZER_ERRORS.threadBlankPost(blank + 1),
      });
    });

export const CorrectGrammarThreadSchema = z.object({ posts: threadPostsField(OPTIMIZER_MESSAGES.grammarBlank) });

export const ImproveThreadSchema = z.object({ posts: threadPostsField(OPTIMIZER_MESSAGES.improveBlank) });

// Blank text is no error here: it simply has no spelling issues.
export const SpellingCheckSchema = z.object({
  text: textField(OPTIMIZER_ERRORS.spellingBlank).max(OPTIMIZER_TEXT_MAX_LENGTH, {
    error: OPTIMIZER_ERRORS.textTooLong,
  }),
});
