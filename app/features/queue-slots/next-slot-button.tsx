import CalendarClock from "lucide-react/icons/calendar-clock";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { CONNECTIONS_PATH } from "#shared/publishing.ts";
import { formatDay, type WallTime } from "#shared/wall-time.ts";
import { useNextSlot } from "./use-queue-slots.ts";

/**
 * "In nächsten freien Slot" (ADR 0092): asks the server for the next slot free for all
 * `accountIds` and hands its date and time, in the user's zone, to `onPick`. Without one it says
 * why in German, with a link to "Verbundene Konten" where the slots are set.
 */
export function NextSlotButton({
  accountIds,
  onPick,
}: {
  accountIds: string[];
  onPick: (plannedFor: WallTime) => void;
}) {
  const id = useId();
  const next = useNextSlot();
  const [status, setStatus] = useState<{ picked: WallTime } | { message: string; noSlots: boolean } | null>(null);

  function pick() {
    next.mutate(accountIds, {
      onSuccess: (answer) => {
        if (answer.next) {
          const picked = { date: answer.next.date, time: answer.next.time };
          setStatus({ picked });
          onPick(picked);
        } else {
          setStatus({ message: answer.message ?? "", noSlots: answer.accountsWithoutSlots.length > 0 });
        }
      },
    });
  }

  return (
    <div className="grid gap-1.5">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={pick}
        disabled={accountIds.length === 0 || next.isPending}
        aria-describedby={status ? `${id}-status` : undefined}
      >
        <CalendarClock aria-hidden />
        In nächsten freien Slot
      </Button>
      <div id={`${id}-status`} aria-live="polite" className="text-sm">
        {status && "picked" in status ? (
          <p className="text-slate-700" data-testid="next-slot">
            Nächster freier Slot: {formatDay(status.picked.date)} {status.picked.time}
          </p>
        ) : status ? (
          <p className="text-amber-900">
            {status.message}{" "}
            {status.noSlots ? (
              <Link to={CONNECTIONS_PATH} className="font-medium text-indigo-800 underline">
                Sendezeiten festlegen
              </Link>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
