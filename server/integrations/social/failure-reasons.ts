import type { FailureReason } from "#shared/publishing-failures.ts";

// Sorting a network's refusal into a class the owner can act on (ADR 0093). Each integration lists
// what its network says for each class; the first rule that matches wins, so a specific one
// (a suspended account) stands before a broad one (any "Forbidden").

export type ReasonRule = { reason: FailureReason; status?: readonly number[]; says?: RegExp };

/** The first rule whose status and words match, else "unknown". */
export function reasonFrom(rules: readonly ReasonRule[], status: number, words: readonly unknown[]): FailureReason {
  const text = words.filter((word): word is string => typeof word === "string").join(" ");
  for (const rule of rules) {
    if (rule.status && !rule.status.includes(status)) continue;
    if (rule.says && !rule.says.test(text)) continue;
    return rule.reason;
  }
  return "unknown";
}
