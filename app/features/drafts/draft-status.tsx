import CloudCheck from "lucide-react/icons/cloud-check";
import CloudOff from "lucide-react/icons/cloud-off";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { Button } from "#app/components/ui/button.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { formatDateTime } from "#app/features/publishing/plan-time.ts";
import { cn } from "#app/lib/cn.ts";
import { DRAFT_RESTORE_QUESTION } from "#shared/drafts.ts";
import type { DraftAutosave } from "./use-draft-autosave.ts";

// The autosave's status line and the offer to restore a local copy (ADR 0084), for every editor
// that saves drafts. The line is a polite live region: it is read when it changes, not interrupting.

export function DraftSaveStatus({ autosave, className }: { autosave: DraftAutosave; className?: string }) {
  const { state, statusText } = autosave;
  const Icon = state === "saving" ? LoaderCircle : state === "saved" ? CloudCheck : CloudOff;
  return (
    <p
      aria-live="polite"
      data-testid="draft-save-status"
      className={cn(
        "inline-flex min-h-5 items-center gap-1 text-xs",
        state === "error" || state === "conflict" ? "text-amber-800" : "text-slate-600",
        className,
      )}
    >
      {statusText ? (
        <>
          <Icon className={cn("size-3.5", state === "saving" && "animate-spin")} aria-hidden />
          {statusText}
        </>
      ) : null}
    </p>
  );
}

export function DraftRestoreNotice({ autosave, onRestore }: { autosave: DraftAutosave; onRestore: () => void }) {
  const zone = useTimeZone();
  if (!autosave.restorable) return null;
  const when = formatDateTime(new Date(autosave.restorable.changedAt), zone);
  return (
    <section
      aria-label="Nicht gespeicherter Entwurf"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>
        {DRAFT_RESTORE_QUESTION} <span className="text-amber-900">(zuletzt geändert {when})</span>
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Wiederherstellen
        </Button>
        <Button size="sm" variant="outline" onClick={autosave.dismissRestore}>
          Verwerfen
        </Button>
      </div>
    </section>
  );
}
