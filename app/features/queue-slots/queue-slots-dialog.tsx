import Lightbulb from "lucide-react/icons/lightbulb";
import Plus from "lucide-react/icons/plus";
import X from "lucide-react/icons/x";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { cn } from "#app/lib/cn.ts";
import {
  MAX_QUEUE_SLOTS,
  normaliseSlots,
  QUEUE_SLOT_MESSAGES,
  type QueueSlot,
  type SlotSuggestion,
  suggestedSlotLabel,
  suggestionBasisLabel,
  WEEKDAYS,
} from "#shared/queue-slots.ts";
import { timeZoneLabel } from "#shared/wall-time.ts";
import { useQueueSlots, useSaveQueueSlots } from "./use-queue-slots.ts";

// "Warteschlange" of one connected account (ADR 0092): weekly posting times as weekday chips and
// a time, added and removed here and saved as a whole; a suggestion only from the account's (or
// the user's) own sent posts, with what it is based on.

export function QueueSlotsDialog({
  account,
  open,
  onClose,
}: {
  account: { id: string; handle: string; networkLabel: string };
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} width="medium">
      <QueueSlotsContent account={account} onClose={onClose} />
    </Dialog>
  );
}

function QueueSlotsContent({
  account,
  onClose,
}: {
  account: { id: string; handle: string; networkLabel: string };
  onClose: () => void;
}) {
  const query = useQueueSlots(account.id);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Warteschlange für {account.handle}</DialogTitle>
        <DialogDescription>
          Feste Sendezeiten für Ihr {account.networkLabel}-Konto. „In nächsten freien Slot“ im Editor plant einen
          Beitrag zur nächsten dieser Zeiten, zu der noch nichts geplant ist.
        </DialogDescription>
      </DialogHeader>
      {query.isPending ? (
        <CenteredSpinner className="py-8" />
      ) : query.isError ? (
        <LoadFailedAlert
          message="Die Sendezeiten konnten nicht geladen werden."
          onRetry={() => query.refetch()}
          className="text-sm"
        />
      ) : (
        <SlotEditor
          accountId={account.id}
          initial={query.data.slots}
          timeZone={query.data.timeZone}
          suggestion={query.data.suggestion}
          onClose={onClose}
        />
      )}
    </>
  );
}

function SlotEditor({
  accountId,
  initial,
  timeZone,
  suggestion,
  onClose,
}: {
  accountId: string;
  initial: QueueSlot[];
  timeZone: string;
  suggestion: SlotSuggestion | null;
  onClose: () => void;
}) {
  const id = useId();
  const [slots, setSlots] = useState(initial);
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [time, setTime] = useState("09:00");
  const [error, setError] = useState<string | null>(null);
  const save = useSaveQueueSlots(accountId);

  function add(added: QueueSlot[]) {
    const next = normaliseSlots([...slots, ...added]);
    if (next.length > MAX_QUEUE_SLOTS) return setError(QUEUE_SLOT_MESSAGES.tooMany);
    setError(null);
    setSlots(next);
  }

  function addFromForm(event: FormEvent) {
    event.preventDefault();
    if (days.length === 0) return setError("Bitte wählen Sie mindestens einen Wochentag.");
    if (!/^\d{2}:\d{2}$/.test(time)) return setError(QUEUE_SLOT_MESSAGES.invalid);
    add(days.map((weekday) => ({ weekday, time })));
  }

  function remove(slot: QueueSlot) {
    setSlots(slots.filter((other) => other.weekday !== slot.weekday || other.time !== slot.time));
  }

  function submit() {
    save.mutate(slots, {
      onSuccess: () => {
        toast.success(slots.length === 0 ? "Alle Sendezeiten entfernt." : "Sendezeiten gespeichert.");
        onClose();
      },
      onError: (failure) => setError(failure.message),
    });
  }

  const times = [...new Set(slots.map((slot) => slot.time))].sort();

  return (
    <div className="grid gap-5">
      <form className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3" onSubmit={addFromForm}>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">Wochentage</legend>
          <div className="flex flex-wrap gap-1.5">
            {WEEKDAYS.map((day) => {
              const on = days.includes(day.weekday);
              return (
                <button
                  key={day.weekday}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setDays(on ? days.filter((d) => d !== day.weekday) : [...days, day.weekday].sort())}
                  className={cn(
                    "h-9 min-w-11 rounded-full border px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
                    on
                      ? "border-indigo-600 bg-indigo-600 text-white"
                      : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
                  )}
                >
                  <span aria-hidden>{day.short}</span>
                  <span className="sr-only">{day.long}</span>
                </button>
              );
            })}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-36">
            <InputField
              id={`${id}-time`}
              label="Uhrzeit"
              type="time"
              value={time}
              onChange={(event) => setTime(event.target.value)}
              required
            />
          </div>
          <Button type="submit" variant="outline">
            <Plus aria-hidden />
            Sendezeit hinzufügen
          </Button>
        </div>
        <p className="text-xs text-slate-600">Zeiten in Ihrer Zeitzone: {timeZoneLabel(timeZone)}.</p>
      </form>

      <section aria-labelledby={`${id}-list`} className="grid gap-2">
        <h3 id={`${id}-list`} className="text-sm font-semibold text-slate-900">
          Sendezeiten ({slots.length} von höchstens {MAX_QUEUE_SLOTS})
        </h3>
        {times.length === 0 ? (
          <p className="text-sm text-slate-600">Noch keine Sendezeiten hinterlegt.</p>
        ) : (
          <ul className="grid gap-2" data-testid="queue-slot-list">
            {times.map((slotTime) => (
              <li key={slotTime} className="flex flex-wrap items-center gap-2">
                <span className="w-14 font-semibold tabular-nums text-slate-900">{slotTime}</span>
                {slots
                  .filter((slot) => slot.time === slotTime)
                  .map((slot) => {
                    const day = WEEKDAYS[slot.weekday - 1];
                    return (
                      <span
                        key={slot.weekday}
                        className="inline-flex items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 py-0.5 pl-2.5 pr-1 text-xs font-semibold text-indigo-800"
                      >
                        {day?.short}
                        <button
                          type="button"
                          onClick={() => remove(slot)}
                          aria-label={`${day?.long} ${slotTime} entfernen`}
                          className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                        >
                          <X className="size-3.5" aria-hidden />
                        </button>
                      </span>
                    );
                  })}
              </li>
            ))}
          </ul>
        )}
      </section>

      {suggestion ? <SuggestionBox suggestion={suggestion} onAdopt={add} /> : null}

      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}

      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Abbrechen
        </Button>
        <Button onClick={submit} disabled={save.isPending}>
          Sendezeiten speichern
        </Button>
      </DialogFooter>
    </div>
  );
}

function SuggestionBox({ suggestion, onAdopt }: { suggestion: SlotSuggestion; onAdopt: (slots: QueueSlot[]) => void }) {
  return (
    <section
      className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
      data-testid="slot-suggestion"
    >
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <Lightbulb className="size-4 text-amber-700" aria-hidden />
        {suggestionBasisLabel(suggestion)}
      </p>
      <p className="text-slate-700">
        So oft haben Sie zu diesen Zeiten veröffentlicht. Wie gut die Beiträge ankamen, weiß Postwerk nicht; der
        Vorschlag zeigt nur Ihre Gewohnheit.
      </p>
      <ul className="flex flex-wrap gap-2">
        {suggestion.slots.map((slot) => (
          <li key={`${slot.weekday}-${slot.time}`}>
            <Button size="sm" variant="outline" onClick={() => onAdopt([{ weekday: slot.weekday, time: slot.time }])}>
              <Plus aria-hidden />
              <span aria-hidden>{suggestedSlotLabel(slot)}</span>
              <span className="sr-only">{`${WEEKDAYS[slot.weekday - 1]?.long} ${slot.time} übernehmen, ${slot.count}-mal veröffentlicht`}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
