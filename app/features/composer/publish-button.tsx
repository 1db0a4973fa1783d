import Rocket from "lucide-react/icons/rocket";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import type { NetworkId } from "#shared/networks.ts";
import type { Address } from "./composer-dialog.tsx";

// The composer and the networks' counting rules (X's link recognition among them) load on the first click,
// so the generator, the archive and the optimizer stay as light as before.
const ComposerDialog = lazy(() =>
  import("./composer-dialog.tsx").then((module) => ({ default: module.ComposerDialog })),
);

/** "Veröffentlichen": opens the composer (ADR 0086) with this text, image or thread (generator, archive, optimizer). */
export function PublishButton({
  label = "Veröffentlichen",
  buttonProps,
  text,
  thread,
  imageUrl,
  archiveEntryId,
  networks,
  preferredNetwork,
  address = "sie",
}: {
  /** The suggestion; unused with `thread`. */
  text: string;
  /** Thread mode (ADR 0066): these posts as a chain of replies. */
  thread?: string[];
  /** The generation's image: it goes along unless the user removes it. */
  imageUrl?: string | null;
  archiveEntryId?: string;
  /** Only these networks (the optimizer: X). */
  networks?: readonly NetworkId[];
  /** Accounts of this network are chosen at first (the generation's platform). */
  preferredNetwork?: NetworkId;
  address?: Address;
  label?: string;
  buttonProps?: Omit<ComponentProps<typeof Button>, "onClick" | "children">;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" {...buttonProps} onClick={() => setOpen(true)}>
        <Rocket aria-hidden />
        {label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ComposerDialog
            open
            onOpenChange={setOpen}
            initial={{
              text: thread ? "" : text,
              threadPosts: thread ?? [],
              image: imageUrl ? { url: imageUrl, alt: "" } : null,
            }}
            networks={networks}
            preferredNetwork={preferredNetwork ?? (thread ? "x" : undefined)}
            archiveEntryId={archiveEntryId}
            archiveImageUrl={imageUrl}
            address={address}
          />
        </Suspense>
      ) : null}
    </>
  );
}
