import { InputField } from "#app/components/ui/form-field.tsx";

type BerlinTime = { date: string; time: string };

// `part` is also the input's type: the browser's own date and time pickers.
const PARTS = [
  { part: "date", label: "Datum" },
  { part: "time", label: "Uhrzeit (Berlin)" },
] as const;

/** A day and a wall-clock time in Europe/Berlin, as the API takes them. */
export function BerlinTimeInputs({
  id,
  value,
  onChange,
}: {
  id: string;
  value: BerlinTime;
  onChange: (value: BerlinTime) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {PARTS.map(({ part, label }) => (
        <InputField
          key={part}
          id={`${id}-${part}`}
          label={label}
          type={part}
          value={value[part]}
          onChange={(event) => onChange({ ...value, [part]: event.target.value })}
          required
        />
      ))}
    </div>
  );
}
