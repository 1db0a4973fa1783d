import { Dialog } from "#app/components/ui/dialog.tsx";
import { ConsentChoices } from "./consent-choices.tsx";
import { dismissConsentDialog, useConsentState } from "./consent-store.ts";

// The cookie consent dialog the footer's "Cookie-Einstellungen" opens (spec section 2). Loaded on
// demand by ConsentDialogHost; a first visit gets the banner instead (ADR 0030).
export function ConsentDialog() {
  const { dialogOpen } = useConsentState();
  // A click beside the dialog is no choice; the close button and Escape still work.
  return (
    <Dialog open={dialogOpen} onClose={dismissConsentDialog} width="medium">
      <ConsentChoices />
    </Dialog>
  );
}
