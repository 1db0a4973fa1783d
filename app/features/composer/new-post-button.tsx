import PenSquare from "lucide-react/icons/square-pen";
import { useEffect } from "react";
import { Button } from "#app/components/ui/button.tsx";

// "Neuer Beitrag" in the Redaktionsplan (ADR 0086), also on the key "n" (not while typing in a
// field, nor while another dialog is open). The page's composer (use-composer.tsx) opens.

/** Whether a key press belongs to what has the focus: a field, an editable element, an open dialog. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  return document.querySelector("dialog[open]") !== null;
}

export function NewPostButton({ onOpen }: { onOpen: () => void }) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "n" || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (event.defaultPrevented || isTyping(event)) return;
      event.preventDefault();
      onOpen();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onOpen]);
  return (
    <Button onClick={() => onOpen()} aria-keyshortcuts="n" title="Neuer Beitrag (Taste n)">
      <PenSquare aria-hidden />
      Neuer Beitrag
    </Button>
  );
}
