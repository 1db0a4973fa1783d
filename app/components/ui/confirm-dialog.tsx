import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog.tsx";

/**
 * "Really do this?" on the native dialog (ADR 0019): a title, what will happen, "Abbrechen"
 * and a destructive confirm button, which stays disabled while the action runs.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Abbrechen
        </Button>
        <Button variant="destructive" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
