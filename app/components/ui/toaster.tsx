import type { CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION_MS, TOASTS_VISIBLE } from "#shared/timing.ts";
import { TOASTS_ID } from "./toast-layer.ts";

// sonner's rich colours miss WCAG's 4.5:1 for text; these darker tones keep its look and pass.
const TOAST_COLOURS = {
  "--success-text": "hsl(140 100% 22%)",
  "--error-text": "hsl(360 100% 38%)",
  "--info-text": "hsl(210 92% 35%)",
  "--warning-text": "hsl(31 92% 30%)",
} as CSSProperties;

// The toasts in the top layer, above modal dialogs (toast-layer.ts). The root mounts this only
// once a page may show toasts (ADR 0031); sonner shows toasts made before it mounted.
export function Toaster() {
  return (
    <div
      id={TOASTS_ID}
      popover="manual"
      ref={showInTopLayer}
      className="m-0 size-0 overflow-visible border-0 bg-transparent p-0"
    >
      <SonnerToaster
        visibleToasts={TOASTS_VISIBLE}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
        // At the bottom: at the top they covered the header's Account and Abmelden buttons and the
        // open mobile menu (ADR 0061).
        position="bottom-right"
        style={TOAST_COLOURS}
        // sonner's own labels are English ("Notifications", "Close toast"); screen readers read them (ADR 0100).
        containerAriaLabel="Hinweise"
        toastOptions={{ closeButtonAriaLabel: "Hinweis schließen" }}
      />
    </div>
  );
}

// Module-level, so React does not call it again on every render of the toaster.
function showInTopLayer(host: HTMLDivElement | null) {
  if (host && !host.matches(":popover-open")) host.showPopover();
}
