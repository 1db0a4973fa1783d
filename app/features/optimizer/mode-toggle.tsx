import { cn } from "#app/lib/cn.ts";

export type EditorMode = "single" | "thread";

const MODES: { mode: EditorMode; label: string }[] = [
  { mode: "single", label: "Einzelpost" },
  { mode: "thread", label: "Thread" },
];

// A segmented switch between one post and a thread (ADR 0064): two pressed-state buttons, since
// both modes edit the same text in the same place (no separate tab panels).
export function ModeToggle({ mode, onChange }: { mode: EditorMode; onChange: (mode: EditorMode) => void }) {
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-1">
      <legend className="sr-only">Modus</legend>
      {MODES.map((option) => (
        <button
          key={option.mode}
          type="button"
          aria-pressed={mode === option.mode}
          onClick={() => onChange(option.mode)}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
            mode === option.mode ? "bg-white text-indigo-700 shadow-sm" : "text-slate-700 hover:text-slate-900",
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
