import { Rocket } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import type { PublishDialogProps } from "./publish-dialog.tsx";

// The composer and the networks' counting rules (twitter-text for X) load on the first click,
// so the generator, the archive and the optimizer stay as light as before.
const PublishDialog = lazy(() => import("./publish-dialog.tsx").then((module) => ({ default: module.PublishDialog })));

/** "Veröffentlichen": opens the composer for a post (generator, archive, optimizer). */
export function PublishButton({
  label = "Veröffentlichen",
  buttonProps,
  ...dialog
}: Omit<PublishDialogProps, "open" | "onClose"> & {
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
          <PublishDialog {...dialog} open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
