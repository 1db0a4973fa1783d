import type { ComponentProps } from "react";
import { PublishButton } from "./publish-button.tsx";
import type { Address } from "./publish-dialog.tsx";

/**
 * "Thread veröffentlichen" (ADR 0066): the composer in thread mode for these posts, in order, to
 * one connected X account, now or planned. Loads on the first click like PublishButton.
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
  return <PublishButton text="" thread={posts} address={address} label={label} buttonProps={buttonProps} />;
}
