import { Select } from "#app/components/ui/select.tsx";

export type FilterOption<Value extends string> = { value: Value; label: string };

/** One labelled choice above a list, e.g. "Status" in the Redaktionsplan or "Sprache" in the archive. */
export function FilterSelect<Value extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: Value;
  options: readonly FilterOption<Value>[];
  onChange: (value: Value) => void;
}) {
  return (
    <label htmlFor={id} className="grid gap-1.5 text-sm font-medium text-slate-900">
      {label}
      {/* The select offers only `options`, so its value is one of theirs. */}
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </label>
  );
}
