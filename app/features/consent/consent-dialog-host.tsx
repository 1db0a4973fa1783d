import { lazy, Suspense, startTransition, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { askForConsentIfNeeded, useConsentState } from "./consent-store.ts";

// The dialog's code is fetched only when it is first shown (first visit or the footer
// button), so the pages' first load stays small (issue 5: at most 100 KiB of JS on /).
const ConsentDialog = lazy(() => import("./consent-dialog.tsx").then((module) => ({ default: module.ConsentDialog })));

export function ConsentDialogHost() {
  const { pathname } = useLocation();
  const { dialogOpen } = useConsentState();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    askForConsentIfNeeded(pathname);
  }, [pathname]);

  // The first render of the dialog is a transition: React may split it into short pieces, so
  // on a first visit it does not block the page that has just hydrated (issue 5, ADR 0018).
  useEffect(() => {
    if (dialogOpen && !shown) startTransition(() => setShown(true));
  }, [dialogOpen, shown]);

  // Once loaded it stays mounted, so reopening is instant.
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog />
    </Suspense>
  );
}
