import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";

/** A day and a wall-clock time in Europe/Berlin, as the API takes them. */
export function BerlinTimeInputs({
  id,
  value,
  onChange,
  className,
}: {
  id: string;
  value: { date: string; time: string };
  onChange: (value: { date: string; time: string }) => void;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-3 sm:grid-cols-2", className)}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-date`}>Datum</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={value.date}
          onChange={(event) => onChange({ ...value, date: event.target.value })}
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-time`}>Uhrzeit (Berlin)</Label>
        <Input
          id={`${id}-time`}
          type="time"
          value={value.time}
          onChange={(event) => onChange({ ...value, time: event.target.value })}
          required
        />
      </div>
    </div>
  );
}
