import { InputField } from "#app/components/ui/form-field.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import type { WallTime } from "#shared/wall-time.ts";

/** "Europe/Berlin" → "Berlin", "America/New_York" → "New York": the place a label names. */
export function zonePlace(zone: string): string {
  return (zone.split("/").at(-1) ?? zone).replaceAll("_", " ");
}

/** A day and a wall-clock time in the user's zone (ADR 0091), as the API takes them. */
export function WallTimeInputs({
  id,
  value,
  onChange,
}: {
  id: string;
  value: WallTime;
  onChange: (value: WallTime) => void;
}) {
  const zone = useTimeZone();
  // `part` is also the input's type: the browser's own date and time pickers.
  const parts = [
    { part: "date", label: "Datum" },
    { part: "time", label: `Uhrzeit (${zonePlace(zone)})` },
  ] as const;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {parts.map(({ part, label }) => (
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
