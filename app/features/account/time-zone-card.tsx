import Globe from "lucide-react/icons/globe";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { SearchInput } from "#app/components/ui/search-input.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { timeZoneLabel } from "#shared/wall-time.ts";
import { useSaveTimeZone } from "./use-time-zone.ts";

type ZoneOption = { zone: string; label: string; search: string };

/** Every zone this browser knows, with its German label; the saved one even if the browser lacks it. */
function zoneOptions(current: string): ZoneOption[] {
  const zones = new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
  zones.add(current);
  return [...zones]
    .map((zone) => {
      const label = timeZoneLabel(zone);
      return { zone, label, search: `${zone} ${label}`.toLowerCase().replaceAll("_", " ") };
    })
    .sort((a, b) => a.label.localeCompare(b.label, "de"));
}

/**
 * "Zeitzone" in /konto (ADR 0091): a search field narrows a native select (the phone's own picker,
 * keyboard and screen readers as usual). Every publishing time is entered and shown in this zone.
 */
export function TimeZoneCard({ timeZone }: { timeZone: string }) {
  const id = useId();
  const options = useMemo(() => zoneOptions(timeZone), [timeZone]);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState(timeZone);
  const save = useSaveTimeZone();
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? options.filter((option) => option.search.includes(needle) || option.zone === selected)
    : options;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(selected);
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Globe className="size-5 text-indigo-600" aria-hidden />
          Zeitzone
        </CardTitle>
        <CardDescription>
          In dieser Zeitzone planen Sie Beiträge und sehen alle Zeiten im Redaktionsplan, in Benachrichtigungen und
          E-Mails. Sommer- und Winterzeit stellt Postwerk selbst um.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-search`}>Zeitzone suchen</Label>
            <SearchInput
              id={`${id}-search`}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="z. B. Berlin, New York, Kolkata"
              aria-describedby={`${id}-count`}
            />
            <p id={`${id}-count`} className="text-xs text-slate-600" aria-live="polite">
              {shown.length === 1 ? "1 Zeitzone" : `${shown.length} Zeitzonen`}
            </p>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-zone`}>Zeitzone</Label>
            <Select id={`${id}-zone`} value={selected} onChange={(event) => setSelected(event.target.value)}>
              {shown.map((option) => (
                <option key={option.zone} value={option.zone}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" className="justify-self-start" disabled={save.isPending || selected === timeZone}>
            Zeitzone speichern
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
