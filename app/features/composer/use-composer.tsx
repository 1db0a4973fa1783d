import { lazy, Suspense, useCallback, useState } from "react";
import type { ComposerDialogProps } from "./composer-dialog.tsx";

// One composer per page of the Redaktionsplan (ADR 0086), opened by "Neuer Beitrag", the key "n", a
// click into the calendar at a time, or a draft of the list. It loads on first use.

const ComposerDialog = lazy(() =>
  import("./composer-dialog.tsx").then((module) => ({ default: module.ComposerDialog })),
);

export type ComposerRequest = Pick<ComposerDialogProps, "initial" | "draft">;

export function useComposer() {
  const [request, setRequest] = useState<ComposerRequest | null>(null);
  const element = request ? (
    <Suspense fallback={null}>
      <ComposerDialog
        open
        onOpenChange={(open) => {
          if (!open) setRequest(null);
        }}
        {...request}
      />
    </Suspense>
  ) : null;
  const open = useCallback((next: ComposerRequest = {}) => setRequest(next), []);
  return { open, element };
}
