import Check from "lucide-react/icons/check";
import { cn } from "#app/lib/cn.ts";

export type Chip<Value extends string> = { value: Value; label: string };

/**
 * One filter of the calendar as a row of toggle chips: none pressed shows all, each pressed one
 * narrows to those (ADR 0089). Chips instead of a select: several at once, one click each.
 */
export function ChipFilter<Value extends string>({
  label,
  chips,
  selected,
  onChange,
}: {
  label: string;
  chips: readonly Chip<Value>[];
  selected: readonly Value[];
  onChange: (next: Value[]) => void;
}) {
  if (chips.length === 0) return null;
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-1.5">
      <legend className="float-left mr-1 text-sm font-medium text-slate-900">{label}</legend>
      {chips.map((chip) => {
        const pressed = selected.includes(chip.value);
        return (
          <button
            key={chip.value}
            type="button"
            aria-pressed={pressed}
            title={chip.label}
            onClick={() =>
              onChange(pressed ? selected.filter((value) => value !== chip.value) : [...selected, chip.value])
            }
            className={cn(
              "inline-flex max-w-56 items-center gap-1 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
              pressed
                ? "border-indigo-700 bg-indigo-700 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:border-indigo-400",
            )}
          >
            {pressed ? <Check className="size-3.5 shrink-0" aria-hidden /> : null}
            <span className="min-w-0 truncate">{chip.label}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
