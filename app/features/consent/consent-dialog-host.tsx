import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { ConsentBanner } from "./consent-banner.tsx";
import { loadStoredChoiceOnce, shouldShowConsentBanner, useConsentState } from "./consent-store.ts";

// The modal dialog's code is fetched only when the footer first opens it.
const ConsentDialog = lazy(() => import("./consent-dialog.tsx").then((module) => ({ default: module.ConsentDialog })));

export function ConsentDialogHost() {
  const { pathname } = useLocation();
  const state = useConsentState();

  useEffect(() => {
    loadStoredChoiceOnce();
  }, []);

  return (
    <>
      {shouldShowConsentBanner(state, pathname) ? <ConsentBanner /> : null}
      {state.dialogOpen ? (
        <Suspense fallback={null}>
          <ConsentDialog />
        </Suspense>
      ) : null}
    </>
  );
}
