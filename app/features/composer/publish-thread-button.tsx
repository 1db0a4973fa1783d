import type { ComponentProps } from "react";
import type { Address } from "./composer-dialog.tsx";
import { PublishButton } from "./publish-button.tsx";

const X_ONLY = ["x"] as const;

/**
 * "Thread veröffentlichen" (ADR 0066): the composer in thread mode with these posts, in order, to
 * one connected X account, now or planned. Loads on the first click like PublishButton. Only X:
 * the optimizer's threads are split and counted by X's rules, though Bluesky takes threads too
 * (ADR 0088).
 */
export function PublishThreadButton({
  posts,
  address = "sie",
  label = "Thread veröffentlichen",
  buttonProps,
}: {
  posts: string[];
  address?: Address;
  label?: string;
  buttonProps?: ComponentProps<typeof PublishButton>["buttonProps"];
}) {
  return (
    <PublishButton text="" thread={posts} networks={X_ONLY} address={address} label={label} buttonProps={buttonProps} />
  );
}
