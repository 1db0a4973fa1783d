import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { FilterSelect } from "#app/components/filter-select.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { formatDay, suggestedPlanTime } from "#app/features/publishing/berlin-time.ts";
import { BerlinTimeInputs } from "#app/features/publishing/berlin-time-inputs.tsx";
import { FormError } from "#app/features/publishing/composer-parts.tsx";
import { PostTextField } from "#app/features/publishing/post-text-field.tsx";
import { allAccounts, useConnections, useCreatePosts } from "#app/features/publishing/use-publishing.ts";

// PLACEHOLDER on the branch `calendar`: the real composer is built on another branch and replaces
// this file at merge. It keeps only the signature the Redaktionsplan calls: open at a chosen time,
// one account, one text, "Planen" through POST /api/posts.

export function ComposerDialog({
  open,
  onOpenChange,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: { plannedFor?: { date: string; time: string } };
}) {
  return (
    <Dialog open={open} onClose={() => onOpenChange(false)} width="medium">
      {open ? <ComposerForm plannedFor={initial?.plannedFor} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function ComposerForm({
  plannedFor: initialTime,
  onDone,
}: {
  plannedFor?: { date: string; time: string };
  onDone: () => void;
}) {
  const id = useId();
  const accounts = allAccounts(useConnections().data);
  const [accountId, setAccountId] = useState("");
  const [text, setText] = useState("");
  const [plannedFor, setPlannedFor] = useState(() => initialTime ?? suggestedPlanTime());
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePosts();
  const chosen = accounts.find((account) => account.id === accountId) ?? accounts[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return setError("Bitte verbinden Sie zuerst ein Konto.");
    setError(null);
    create.mutate(
      { targets: [{ accountId: chosen.id, text }], plannedFor },
      {
        onSuccess: () => {
          toast.success(`Beitrag geplant für ${formatDay(plannedFor.date)} ${plannedFor.time}.`);
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Neuer Beitrag</DialogTitle>
        <DialogDescription>
          Geplant für {formatDay(plannedFor.date)} {plannedFor.time}
        </DialogDescription>
      </DialogHeader>
      <FilterSelect
        id={`${id}-account`}
        label="Konto"
        value={chosen?.id ?? ""}
        options={accounts.map((account) => ({
          value: account.id,
          label: `${account.networkLabel} · ${account.handle}`,
        }))}
        onChange={setAccountId}
      />
      {chosen ? (
        <PostTextField id={`${id}-text`} label="Text" network={chosen.network} value={text} onChange={setText} />
      ) : null}
      <BerlinTimeInputs id={id} value={plannedFor} onChange={setPlannedFor} />
      <FormError error={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Planen
        </Button>
      </DialogFooter>
    </form>
  );
}
