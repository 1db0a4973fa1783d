import { type ReactNode, useId } from "react";
import type { ConnectedAccount } from "#app/features/publishing/use-publishing.ts";
import type { NetworkId } from "#shared/networks.ts";
import { type ComposerValue, chosenAccounts, contentWarningOf, isThread, textFor } from "./composer-value.ts";
import { BlueskyPreview } from "./previews/bluesky-preview.tsx";
import { FacebookPreview } from "./previews/facebook-preview.tsx";
import { InstagramPreview } from "./previews/instagram-preview.tsx";
import { LinkedInPreview } from "./previews/linkedin-preview.tsx";
import { MastodonPreview } from "./previews/mastodon-preview.tsx";
import type { PreviewProps } from "./previews/preview-parts.tsx";
import { ThreadsPreview } from "./previews/threads-preview.tsx";
import { XPreview } from "./previews/x-preview.tsx";

const PREVIEWS: Record<NetworkId, (props: PreviewProps) => ReactNode> = {
  x: XPreview,
  linkedin: LinkedInPreview,
  bluesky: BlueskyPreview,
  facebook: FacebookPreview,
  instagram: InstagramPreview,
  threads: ThreadsPreview,
  mastodon: MastodonPreview,
};

/** Each chosen account's post as its network will show it (ADR 0086). */
export function ComposerPreviews({ value, accounts }: { value: ComposerValue; accounts: ConnectedAccount[] }) {
  const titleId = useId();
  const chosen = chosenAccounts(value, accounts);
  return (
    <section aria-labelledby={titleId} className="grid grid-cols-1 content-start gap-3">
      <h3 id={titleId} className="text-sm font-medium text-slate-800">
        Vorschau
      </h3>
      {chosen.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          Wählen Sie ein Konto, um zu sehen, wie der Beitrag dort aussieht.
        </p>
      ) : (
        chosen.map((account) => {
          const Preview = PREVIEWS[account.network];
          const posts = isThread(value) ? value.threadPosts : [textFor(value, account.id)];
          return (
            <Preview
              key={account.id}
              name={account.displayName || account.handle}
              handle={account.handle}
              posts={posts}
              image={value.image}
              contentWarning={contentWarningOf(value)}
            />
          );
        })
      )}
    </section>
  );
}
