import { WallTimeInputs } from "./wall-time-inputs.tsx";

// What the composer (ADR 0086) and the Redaktionsplan's post dialog share: "Jetzt veröffentlichen"
// or "Planen" with a time in the user's zone (ADR 0091), and the server's refusal in German.

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
