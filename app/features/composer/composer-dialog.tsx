import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { DraftRestoreNotice, DraftSaveStatus } from "#app/features/drafts/draft-status.tsx";
import { type DraftAutosave, useDraftAutosave } from "#app/features/drafts/use-draft-autosave.ts";
import { FormError, WhenFieldset } from "#app/features/publishing/composer-parts.tsx";
import { formatDay, suggestedPlanTime } from "#app/features/publishing/plan-time.ts";
import {
  allAccounts,
  type ConnectedAccount,
  useConnections,
  useCreatePosts,
  useCreateThread,
} from "#app/features/publishing/use-publishing.ts";
import { NextSlotButton } from "#app/features/queue-slots/next-slot-button.tsx";
import { api } from "#app/lib/api.ts";
import type { NetworkId } from "#shared/networks.ts";
import { labelList, NETWORKS, THREAD_NETWORKS } from "#shared/networks.ts";
import { CONNECTIONS_PATH, PLANNER_PATH } from "#shared/publishing.ts";
import { AccountPicker } from "./account-picker.tsx";
import { ComposerPreviews } from "./composer-previews.tsx";
import { ComposerText } from "./composer-text.tsx";
import {
  type ComposerValue,
  chosenAccounts,
  EMPTY_COMPOSER_VALUE,
  isCustomized,
  isThread,
  toRequests,
  withAccount,
  withCustomized,
  withThread,
} from "./composer-value.ts";
import { ContentWarningField } from "./content-warning-field.tsx";
import { ImageField } from "./image-field.tsx";
import { PublicAddressHint } from "./public-address-hint.tsx";

// "Neuer Beitrag" (ADR 0086): one composer for every network and every way in (the Redaktionsplan,
// the generator, the archive, the optimizer). A controlled form around one ComposerValue, previews
// per account, image with description, thread mode; sent through POST /api/posts and
// /api/posts/threads (ADR 0053, 0066), whose German refusals show in the form.

/** The generator, the archive and the Redaktionsplan address the user with "Sie", the optimizer with "du". */
export type Address = "sie" | "du";

const TEXTS = {
  sie: {
    description: "Schreiben Sie einen Beitrag für eines oder mehrere Ihrer Konten, jetzt oder geplant.",
    noAccount: "Sie haben noch kein Konto verbunden, über das Postwerk veröffentlichen kann.",
  },
  du: {
    description: "Schreibe einen Beitrag für eines oder mehrere deiner Konten, jetzt oder geplant.",
    noAccount: "Du hast noch kein Konto verbunden, über das Postwerk veröffentlichen kann.",
  },
} as const;

const SUBMIT_LABELS = {
  post: { now: "Jetzt veröffentlichen", planned: "Planen" },
  thread: { now: "Thread veröffentlichen", planned: "Thread planen" },
} as const;

export type ComposerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: Partial<ComposerValue>;
  /** Only accounts of these networks (the optimizer: X). */
  networks?: readonly NetworkId[];
  /** Without `initial.accountIds`: this network's accounts are chosen at first (a generation's platform). */
  preferredNetwork?: NetworkId;
  /** The generation the text came from, and its image (prefilled in `initial.image`). */
  archiveEntryId?: string;
  archiveImageUrl?: string | null;
  address?: Address;
  /** The draft opened from the Redaktionsplan's "Entwürfe" (ADR 0084): saved over, deleted once planned. */
  draft?: { id: string; revision: number };
};

export function ComposerDialog({ open, onOpenChange, address = "sie", ...props }: ComposerDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onClose={close} width="full">
      <DialogHeader>
        <DialogTitle>Neuer Beitrag</DialogTitle>
        <DialogDescription>{TEXTS[address].description}</DialogDescription>
      </DialogHeader>
      <ComposerLoader {...props} address={address} onDone={close} />
    </Dialog>
  );
}

type LoaderProps = Omit<ComposerDialogProps, "open" | "onOpenChange"> & { address: Address; onDone: () => void };

function ComposerLoader({ networks, ...props }: LoaderProps) {
  const { data, isPending, isError, refetch } = useConnections();
  const accounts = allAccounts(data).filter((account) => !networks || networks.includes(account.network));
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
        <p>{TEXTS[props.address].noAccount}</p>
        <Button asChild size="sm" className="justify-self-start">
          <Link to={CONNECTIONS_PATH}>Konto verbinden</Link>
        </Button>
      </div>
    );
  }
  return <ComposerState {...props} accounts={accounts} />;
}

/** The value's first state: what the caller gave, and accounts chosen where it gave none. */
function initialValue(
  initial: Partial<ComposerValue> | undefined,
  accounts: ConnectedAccount[],
  preferredNetwork: NetworkId | undefined,
): ComposerValue {
  const usable = accounts.filter((account) => account.status === "connected");
  const start = { ...EMPTY_COMPOSER_VALUE, ...initial };
  if (initial?.accountIds)
    return { ...start, accountIds: initial.accountIds.filter((id) => usable.some((a) => a.id === id)) };
  const fits = isThread(start) ? usable.filter((account) => THREAD_NETWORKS.includes(account.network)) : usable;
  const preferred = fits.filter((account) => account.network === preferredNetwork);
  const chosen = preferred.length > 0 ? preferred.slice(0, 1) : fits.length === 1 ? fits : [];
  return { ...start, accountIds: chosen.map((account) => account.id) };
}

// The value lives here and is saved as a draft as it changes (ADR 0084, 0086): on the server after a
// pause in typing, in this browser at once, offered back after a crash of the tab.
function ComposerState({
  initial,
  preferredNetwork,
  draft,
  ...props
}: Omit<LoaderProps, "networks"> & { accounts: ConnectedAccount[] }) {
  const [value, setValue] = useState(() => initialValue(initial, props.accounts, preferredNetwork));
  useStoredGenerationImage(props.archiveEntryId, value.image?.url, setValue);
  const autosave = useDraftAutosave({
    source: "composer",
    draftId: draft?.id ?? null,
    revision: draft?.revision ?? null,
    value,
  });
  return (
    <>
      <DraftRestoreNotice
        autosave={autosave}
        onRestore={() => {
          const copy = autosave.acceptRestore();
          if (copy) setValue(initialValue(copy.value, props.accounts, undefined));
        }}
      />
      <ComposerForm {...props} value={value} onChange={setValue} autosave={autosave} />
    </>
  );
}

/**
 * The generator shows its image from the browser's own copy (a data URL); a post names the stored
 * one, which the generation's archive entry has. Until it is known, the copy is shown.
 */
function useStoredGenerationImage(
  archiveEntryId: string | undefined,
  url: string | undefined,
  setValue: (change: (value: ComposerValue) => ComposerValue) => void,
) {
  const needed = archiveEntryId && url?.startsWith("data:") ? { archiveEntryId, url } : null;
  const entryId = needed?.archiveEntryId;
  const localUrl = needed?.url;
  useEffect(() => {
    if (!entryId || !localUrl) return;
    let current = true;
    void api.archive[":id"]
      .$get({ param: { id: entryId } })
      .then((response) => (response.ok ? response.json() : null))
      .then((entry) => {
        const stored = entry?.imageUrl;
        if (!current || !stored) return;
        setValue((value) =>
          value.image?.url === localUrl ? { ...value, image: { ...value.image, url: stored } } : value,
        );
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [entryId, localUrl, setValue]);
}

export function ComposerForm({
  value,
  onChange,
  accounts,
  archiveEntryId,
  archiveImageUrl,
  onDone,
  autosave,
}: {
  value: ComposerValue;
  onChange: (value: ComposerValue) => void;
  accounts: ConnectedAccount[];
  archiveEntryId?: string;
  archiveImageUrl?: string | null;
  onDone: () => void;
  autosave: DraftAutosave;
}) {
  const id = useId();
  const zone = useTimeZone();
  const navigate = useNavigate();
  const createPosts = useCreatePosts();
  const createThread = useCreateThread();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const thread = isThread(value);
  const threadPossible = chosenAccounts(value, accounts).every((account) => THREAD_NETWORKS.includes(account.network));
  const threadNetworks = THREAD_NETWORKS.map((network) => NETWORKS[network].label);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const requests = toRequests(value, accounts, { archiveEntryId, archiveImageUrl });
    if (requests.kind === "invalid") return setError(requests.error);
    setSending(true);
    try {
      // The draft is deleted in the transaction that plans its posts; with several threads, in the
      // last one, so a refusal of one leaves the draft and the form as they are.
      await autosave.flush();
      const draftId = autosave.draftId ?? undefined;
      if (requests.kind === "posts") await createPosts.mutateAsync({ ...requests.input, draftId });
      else {
        let remaining = value;
        for (const [index, input] of requests.inputs.entries()) {
          const last = index === requests.inputs.length - 1;
          await createThread.mutateAsync(last ? { ...input, draftId } : input);
          // Planned: a second click after a refusal further on must not plan this thread again.
          remaining = withAccount(remaining, input.accountId, false);
          if (!last) onChange(remaining);
        }
      }
      autosave.finish();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Der Beitrag konnte nicht gesendet werden.");
      return;
    } finally {
      setSending(false);
    }
    const what = thread ? "Thread" : "Beitrag";
    const message = value.plannedFor
      ? `${what} geplant für ${formatDay(value.plannedFor.date)} ${value.plannedFor.time}.`
      : `${what} wird veröffentlicht.`;
    toast.success(message, { action: { label: "Redaktionsplan", onClick: () => navigate(PLANNER_PATH) } });
    onDone();
  }

  const submitLabel = SUBMIT_LABELS[thread ? "thread" : "post"][value.plannedFor ? "planned" : "now"];

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grow grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
    >
      <div className="grid grid-cols-1 content-start gap-5">
        <AccountPicker
          accounts={accounts}
          chosen={value.accountIds}
          onToggle={(accountId, on) => onChange(withAccount(value, accountId, on))}
        />
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={isCustomized(value)}
              disabled={thread}
              onChange={(event) => onChange(withCustomized(value, event.target.checked))}
            />
            Text je Konto anpassen
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={thread}
              disabled={!thread && !threadPossible}
              aria-describedby={`${id}-thread-hint`}
              onChange={(event) => onChange(withThread(value, event.target.checked))}
            />
            Als Thread
          </label>
          <p id={`${id}-thread-hint`} className="w-full text-xs text-slate-600">
            Threads gehen an {labelList(threadNetworks)}: jeder Beitrag als Antwort auf den vorigen.
          </p>
        </div>
        <ComposerText value={value} onChange={onChange} accounts={accounts} />
        {chosenAccounts(value, accounts).some((account) => account.network === "mastodon") ? (
          <ContentWarningField
            value={value.contentWarning ?? ""}
            onChange={(contentWarning) => onChange({ ...value, contentWarning })}
          />
        ) : null}
        <ImageField image={value.image} onChange={(image) => onChange({ ...value, image })} />
        <PublicAddressHint value={value} accounts={accounts} />
        <DraftSaveStatus autosave={autosave} />
        <WhenFieldset
          id={id}
          mode={value.plannedFor ? "planned" : "now"}
          onModeChange={(mode) =>
            onChange({ ...value, plannedFor: mode === "planned" ? suggestedPlanTime(zone) : null })
          }
          plannedFor={value.plannedFor ?? suggestedPlanTime(zone)}
          onPlannedForChange={(plannedFor) => onChange({ ...value, plannedFor })}
        />
        <NextSlotButton accountIds={value.accountIds} onPick={(plannedFor) => onChange({ ...value, plannedFor })} />
        <FormError error={error} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={sending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </div>
      <ComposerPreviews value={value} accounts={accounts} />
    </form>
  );
}
