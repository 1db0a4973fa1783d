import { useConnections } from "#app/features/publishing/use-publishing.ts";
import { type ComposerAccount, type ComposerValue, publicAddressHints } from "./composer-value.ts";

// On an installation Meta cannot reach (BASE_URL not public, ADR 0097, 0098) the composer says why
// Instagram is missing next to a chosen Facebook page, and why an image cannot go to Threads.

export function PublicAddressHint({ value, accounts }: { value: ComposerValue; accounts: ComposerAccount[] }) {
  const heldBack = useConnections().data?.heldBackByAddress;
  const hints = heldBack ? publicAddressHints(value, accounts, heldBack) : [];
  if (hints.length === 0) return null;
  return (
    <div role="note" className="grid gap-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      {hints.map((hint) => (
        <p key={hint}>{hint}</p>
      ))}
    </div>
  );
}
