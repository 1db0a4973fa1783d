import type { ComponentProps } from "react";
import type { Address } from "#app/features/composer/composer-dialog.tsx";
import { PublishButton } from "./publish-button.tsx";

/**
 * "Thread veröffentlichen" (ADR 0066): the composer in thread mode with these posts, in order.
 * Loads on the first click like PublishButton.
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
