import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import type { NetworkId } from "#shared/networks.ts";
import { CONNECTIONS_PATH, THREAD_NETWORKS } from "#shared/publishing.ts";
import { ComposerEnd, useComposerState } from "./composer-parts.tsx";
import { PostTextField } from "./post-text-field.tsx";
import { ThreadForm } from "./thread-form.tsx";
import { allAccounts, type ConnectedAccount, useConnections, useCreatePosts } from "./use-publishing.ts";

/** The generator and the archive address the user with "Sie", the optimizer with "du". */
export type Address = "sie" | "du";

const TEXTS = {
  sie: {
    description: "Wählen Sie ein oder mehrere Konten. Den Text können Sie für jedes Konto anpassen.",
    noAccount: "Sie haben noch kein Konto verbunden, über das Postwerk veröffentlichen kann.",
    chooseAccount: "Bitte wählen Sie mindestens ein Konto.",
    threadDescription: "Die Beiträge gehen nacheinander an ein X-Konto, jeder als Antwort auf den vorigen.",
  },
  du: {
    description: "Wähle ein oder mehrere Konten. Den Text kannst du für jedes Konto anpassen.",
    noAccount: "Du hast noch kein Konto verbunden, über das Postwerk veröffentlichen kann.",
    chooseAccount: "Bitte wähle mindestens ein Konto.",
    threadDescription: "Die Beiträge gehen nacheinander an ein X-Konto, jeder als Antwort auf den vorigen.",
  },
} as const;

export type PublishDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The suggestion: every chosen account starts with it. */
  text: string;
  /** The generation whose image goes along, if it has one. */
  archiveEntryId?: string;
  /** Shown as a thumbnail: the image that goes along. */
  imageUrl?: string | null;
  /** Only these networks (the optimizer: X). */
  networks?: readonly NetworkId[];
  /** Accounts of this network are chosen at first (the generation's platform). */
  preferredNetwork?: NetworkId;
  address?: Address;
  /** Thread mode (ADR 0066): these posts go to one X account as a chain of replies; `text` is unused. */
  thread?: string[];
};

type ComposerProps = Omit<PublishDialogProps, "open" | "onClose"> & { address: Address; onDone: () => void };

// "Veröffentlichen" (ADR 0053): one text per chosen account, each counted by its network's rules
// (shared/networks.ts, as the server checks it), sent now or planned in the user's zone (ADR 0091). A refusal
// of the server shows in the dialog; what was typed stays.
export function PublishDialog({ open, onClose, address = "sie", ...composer }: PublishDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} width="medium">
      <DialogHeader>
        <DialogTitle>{composer.thread ? "Thread veröffentlichen" : "Veröffentlichen"}</DialogTitle>
        <DialogDescription>
          {composer.thread ? TEXTS[address].threadDescription : TEXTS[address].description}
        </DialogDescription>
      </DialogHeader>
      <Composer {...composer} address={address} onDone={onClose} />
    </Dialog>
  );
}

function Composer({ networks, ...form }: ComposerProps) {
  const { data, isPending, isError, refetch } = useConnections();
  const only = networks ?? (form.thread ? THREAD_NETWORKS : undefined);
  const accounts = allAccounts(data).filter((account) => !only || only.includes(account.network));

  if (isPending) return <CenteredSpinner className="py-8" />;
  if (isError) {
    return (
      <LoadFailedAlert
        message="Die verbundenen Konten konnten nicht geladen werden."
        onRetry={() => refetch()}
        className="text-sm"
      />
    );
  }
  if (!accounts.some((account) => account.status === "connected")) {
    return (
      <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        <p>{TEXTS[form.address].noAccount}</p>
        <Button asChild size="sm" className="justify-self-start">
          <Link to={CONNECTIONS_PATH}>Konto verbinden</Link>
        </Button>
      </div>
    );
  }
  if (form.thread) return <ThreadForm accounts={accounts} posts={form.thread} onDone={form.onDone} />;
  return <ComposerForm {...form} accounts={accounts} />;
}

function ComposerForm({
  accounts,
  text,
  archiveEntryId,
  imageUrl,
  preferredNetwork,
  address,
  onDone,
}: Omit<ComposerProps, "networks" | "thread"> & { accounts: ConnectedAccount[] }) {
  const id = useId();
  const create = useCreatePosts();
  const usable = accounts.filter((account) => account.status === "connected");
  const [chosen, setChosen] = useState<string[]>(() => {
    const preferred = usable.filter((account) => account.network === preferredNetwork);
    return (preferred.length > 0 ? preferred : usable.length === 1 ? usable : []).map((account) => account.id);
  });
  const [texts, setTexts] = useState<Record<string, string>>({});
  const state = useComposerState("Beitrag", onDone);

  const textOf = (accountId: string) => texts[accountId] ?? text;
  const toggle = (accountId: string, on: boolean) =>
    setChosen((current) => (on ? [...current, accountId] : current.filter((other) => other !== accountId)));

  function submit(event: FormEvent) {
    event.preventDefault();
    state.setError(null);
    const targets = usable
      .filter((account) => chosen.includes(account.id))
      .map((account) => ({ accountId: account.id, text: textOf(account.id) }));
    if (targets.length === 0) return state.setError(TEXTS[address].chooseAccount);
    create.mutate({ targets, archiveEntryId, plannedFor: state.plannedForInput }, state.callbacks);
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      {imageUrl ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <img src={imageUrl} alt="Bild der Generierung" className="size-16 rounded object-cover" />
          <p className="text-sm text-slate-700">Das Bild wird mit dem Beitrag gesendet.</p>
        </div>
      ) : null}

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Konten</legend>
        {accounts.map((account) => {
          const checkboxId = `${id}-account-${account.id}`;
          const usableAccount = account.status === "connected";
          return (
            <div key={account.id} className="flex items-center gap-2">
              <input
                id={checkboxId}
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={chosen.includes(account.id)}
                disabled={!usableAccount}
                onChange={(event) => toggle(account.id, event.target.checked)}
              />
              <label htmlFor={checkboxId} className="text-sm text-slate-800">
                {account.networkLabel} · {account.handle}
                {usableAccount ? null : <span className="text-slate-600"> ({account.statusLabel})</span>}
              </label>
            </div>
          );
        })}
      </fieldset>

      {usable
        .filter((account) => chosen.includes(account.id))
        .map((account) => (
          <PostTextField
            key={account.id}
            id={`${id}-text-${account.id}`}
            label={`Text für ${account.networkLabel} (${account.handle})`}
            network={account.network}
            value={textOf(account.id)}
            onChange={(value) => setTexts((current) => ({ ...current, [account.id]: value }))}
          />
        ))}

      <ComposerEnd
        id={id}
        state={state}
        labels={{ now: "Jetzt veröffentlichen", planned: "Planen" }}
        submitDisabled={create.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
