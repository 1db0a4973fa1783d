import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { DialogFooter } from "#app/components/ui/dialog.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { PLANNER_PATH } from "#shared/publishing.ts";
import { formatDay, suggestedPlanTime } from "./plan-time.ts";
import { WallTimeInputs } from "./wall-time-inputs.tsx";

// What the composer of a post and of a thread share: "Jetzt veröffentlichen" or "Planen" with a
// time in the user's zone (ADR 0091), the server's refusal in German, the toast after success and the buttons.

export type Mode = "now" | "planned";
export type PlannedFor = { date: string; time: string };

export function WhenFieldset({
  id,
  mode,
  onModeChange,
  plannedFor,
  onPlannedForChange,
}: {
  id: string;
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  plannedFor: PlannedFor;
  onPlannedForChange: (value: PlannedFor) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">Zeitpunkt</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(
          [
            ["now", "Jetzt veröffentlichen"],
            ["planned", "Planen"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              className="size-4 accent-indigo-600"
              checked={mode === value}
              onChange={() => onModeChange(value)}
            />
            {label}
          </label>
        ))}
      </div>
      {mode === "planned" ? <WallTimeInputs id={id} value={plannedFor} onChange={onPlannedForChange} /> : null}
    </fieldset>
  );
}

export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {error}
    </p>
  );
}

/**
 * The state the composer of a post and of a thread share: when to send, and the server's refusal.
 * `callbacks` are the mutation's: on success a toast with a link to the Redaktionsplan, on a
 * refusal the server's German message in the form, which keeps every field.
 */
export function useComposerState(what: "Beitrag" | "Thread", onDone: () => void) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>("now");
  const zone = useTimeZone();
  const [plannedFor, setPlannedFor] = useState(() => suggestedPlanTime(zone));
  const [error, setError] = useState<string | null>(null);
  return {
    mode,
    error,
    setError,
    /** What the API takes: absent for "Jetzt veröffentlichen". */
    plannedForInput: mode === "planned" ? plannedFor : undefined,
    when: { mode, onModeChange: setMode, plannedFor, onPlannedForChange: setPlannedFor },
    callbacks: {
      onSuccess: () => {
        const message =
          mode === "planned"
            ? `${what} geplant für ${formatDay(plannedFor.date)} ${plannedFor.time}.`
            : `${what} wird veröffentlicht.`;
        toast.success(message, { action: { label: "Redaktionsplan", onClick: () => navigate(PLANNER_PATH) } });
        onDone();
      },
      onError: (failure: Error) => setError(failure.message),
    },
  };
}

/** The end of both composers: when, the refusal, "Abbrechen" and the submit button. */
export function ComposerEnd({
  id,
  state,
  labels,
  submitDisabled,
  onCancel,
}: {
  id: string;
  state: ReturnType<typeof useComposerState>;
  labels: Record<Mode, string>;
  submitDisabled: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <WhenFieldset id={id} {...state.when} />
      <FormError error={state.error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Abbrechen
        </Button>
        <Button type="submit" disabled={submitDisabled}>
          {labels[state.mode]}
        </Button>
      </DialogFooter>
    </>
  );
}
