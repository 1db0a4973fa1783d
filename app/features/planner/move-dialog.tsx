import { type FormEvent, useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { FormError } from "#app/features/publishing/composer-parts.tsx";
import { formatDay } from "#app/features/publishing/plan-time.ts";
import type { Post } from "#app/features/publishing/use-publishing.ts";
import { WallTimeInputs } from "#app/features/publishing/wall-time-inputs.tsx";
import { NETWORKS } from "#shared/networks.ts";
import { zonedWallTime } from "#shared/zoned-time.ts";

// "Verschieben" (ADR 0089): the keyboard's and the phone's way to do what a drag does — a new day
// and time for a post, nothing else. The move itself is the calendar's (optimistic, with rollback).
export function MoveDialog({
  post,
  zone,
  onMove,
  onClose,
}: {
  post: Post | null;
  zone: string;
  onMove: (post: Post, plannedFor: { date: string; time: string }) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Dialog open={post !== null} onClose={onClose}>
      {post ? <MoveForm post={post} zone={zone} onMove={onMove} onClose={onClose} /> : null}
    </Dialog>
  );
}

function MoveForm({
  post,
  zone,
  onMove,
  onClose,
}: {
  post: Post;
  zone: string;
  onMove: (post: Post, plannedFor: { date: string; time: string }) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const now = zonedWallTime(Date.parse(post.scheduledAt), zone);
  const [plannedFor, setPlannedFor] = useState({ date: now.date, time: now.time });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await onMove(post, plannedFor);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Der Beitrag konnte nicht verschoben werden.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Beitrag verschieben</DialogTitle>
        <DialogDescription>
          {NETWORKS[post.network].label} · {post.accountHandle}, bisher {formatDay(now.date)} {now.time}
        </DialogDescription>
      </DialogHeader>
      <WallTimeInputs id={id} value={plannedFor} onChange={setPlannedFor} />
      <FormError error={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Abbrechen
        </Button>
        <Button type="submit" disabled={pending}>
          Verschieben
        </Button>
      </DialogFooter>
    </form>
  );
}
