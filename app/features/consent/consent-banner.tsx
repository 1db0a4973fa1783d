import { useId } from "react";
import { DialogCloseButton, DialogLabels } from "#app/components/ui/dialog.tsx";
import { ConsentChoices } from "./consent-choices.tsx";
import { dismissConsentDialog } from "./consent-store.ts";

export const CONSENT_BANNER_ID = "consent-banner";

// The first visit's cookie question (spec section 2, ADR 0030): the consent dialog's content in
// a panel at the bottom of the window, part of the prerendered HTML and so of the first paint.
// Not modal: the page stays readable and clickable behind it, and nothing covers the page late.
// Sticky as the shell's last element: while the page scrolls it keeps to the window's bottom, at
// the page's end it sits below the footer, which so never stays hidden behind it. Tighter on a
// phone, so that on the common ones (360 × 800, 375 × 812) every button shows without scrolling.
export function ConsentBanner() {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <section
      id={CONSENT_BANNER_ID}
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="sticky bottom-0 z-40 mx-auto flex max-h-[60dvh] w-full max-w-3xl flex-col gap-2 overflow-y-auto rounded-t-xl border border-b-0 border-slate-200 bg-white px-4 py-3 text-slate-900 shadow-[0_-8px_30px_rgb(15_23_42/0.15)] sm:gap-3 sm:p-5"
    >
      <DialogLabels value={{ titleId, descriptionId }}>
        <ConsentChoices />
      </DialogLabels>
      <DialogCloseButton onClose={dismissConsentDialog} />
    </section>
  );
}
