import FilePenLine from "lucide-react/icons/file-pen-line";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { type FilterOption, FilterSelect } from "#app/components/filter-select.tsx";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { formatDateTime } from "#app/features/publishing/plan-time.ts";
import { allAccounts, useConnections } from "#app/features/publishing/use-publishing.ts";
import type { ListDraftsQuery } from "#shared/drafts.schemas.ts";
import { DRAFT_SOURCE_LABELS, DRAFT_SOURCES, type DraftSource, type DraftView } from "#shared/drafts.ts";
import { NETWORK_IDS, NETWORKS, type NetworkId } from "#shared/networks.ts";
import { ROUTES } from "#shared/routes.ts";
import { DRAFT_PARAM } from "./optimizer-draft.ts";
import { useDeleteDraft, useDrafts } from "./use-drafts.ts";

// "Entwürfe" of the Redaktionsplan (ADR 0084): every draft the user is writing, last changed
// first, filtered by account, network and where it was written; opened where it was written, or
// deleted. The optimizer's drafts open in the optimizer; the composer's through `onOpenComposerDraft`.

const ALL = "all";
type Filters = { accountId: string; network: NetworkId | typeof ALL; source: DraftSource | typeof ALL };

const NETWORK_OPTIONS: FilterOption<Filters["network"]>[] = [
  { value: ALL, label: "Alle Netzwerke" },
  ...NETWORK_IDS.map((network) => ({ value: network, label: NETWORKS[network].label })),
];
const SOURCE_OPTIONS: FilterOption<Filters["source"]>[] = [
  { value: ALL, label: "Alle Herkünfte" },
  ...DRAFT_SOURCES.map((source) => ({ value: source, label: DRAFT_SOURCE_LABELS[source] })),
];

/** What the list shows of a draft: its text, or a thread's first post. */
function excerptOf(draft: DraftView): string {
  const { content } = draft;
  const first =
    content.threadPosts.find((post) => post.trim() !== "") ??
    (content.text.trim() || Object.values(content.perAccountText).find((text) => text.trim() !== "") || "");
  return first.trim();
}

export function DraftsPanel({ onOpenComposerDraft }: { onOpenComposerDraft?: (draft: DraftView) => void }) {
  const zone = useTimeZone();
  const [filters, setFilters] = useState<Filters>({ accountId: ALL, network: ALL, source: ALL });
  const [deleting, setDeleting] = useState<DraftView | null>(null);
  const navigate = useNavigate();
  const connections = useConnections();
  const accounts = allAccounts(connections.data);
  const query: ListDraftsQuery = {
    ...(filters.accountId === ALL ? {} : { accountId: filters.accountId }),
    ...(filters.network === ALL ? {} : { network: filters.network }),
    ...(filters.source === ALL ? {} : { source: filters.source }),
  };
  const drafts = useDrafts(query);
  const remove = useDeleteDraft();

  function open(draft: DraftView) {
    if (draft.source === "composer") return onOpenComposerDraft?.(draft);
    navigate(`${ROUTES.optimizer}?${DRAFT_PARAM}=${draft.id}#tool`);
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success("Entwurf gelöscht."),
      onError: (failure) => toast.error(failure.message),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <section aria-labelledby="drafts-heading" className="grid gap-4">
      <div>
        <h2 id="drafts-heading" className="text-xl font-semibold text-slate-900">
          Entwürfe
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Was Sie schreiben, wird automatisch gespeichert. Hier finden Sie es wieder.
        </p>
      </div>
      <section
        aria-label="Entwürfe filtern"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3"
      >
        <FilterSelect
          id="drafts-account"
          label="Konto"
          value={filters.accountId}
          options={[
            { value: ALL, label: "Alle Konten" },
            ...accounts.map((account) => ({ value: account.id, label: `${account.networkLabel} · ${account.handle}` })),
          ]}
          onChange={(accountId) => setFilters((current) => ({ ...current, accountId }))}
        />
        <FilterSelect
          id="drafts-network"
          label="Netzwerk"
          value={filters.network}
          options={NETWORK_OPTIONS}
          onChange={(network) => setFilters((current) => ({ ...current, network }))}
        />
        <FilterSelect
          id="drafts-source"
          label="Herkunft"
          value={filters.source}
          options={SOURCE_OPTIONS}
          onChange={(source) => setFilters((current) => ({ ...current, source }))}
        />
      </section>

      {drafts.isPending ? (
        <CenteredSpinner className="py-12" label="Entwürfe werden geladen" />
      ) : drafts.isError || !drafts.data ? (
        <LoadFailedAlert message="Die Entwürfe konnten nicht geladen werden." onRetry={() => drafts.refetch()} />
      ) : drafts.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-700">
          {query.accountId || query.network || query.source
            ? "Keine Entwürfe für diese Auswahl."
            : "Noch keine Entwürfe. Was Sie im Optimizer oder beim Planen schreiben, erscheint hier."}
        </div>
      ) : (
        <ul className="grid gap-3" aria-busy={drafts.isFetching} data-testid="drafts-list">
          {drafts.data.map((draft) => {
            const excerpt = excerptOf(draft);
            const handles = draft.content.accountIds.map((id) => {
              const account = accounts.find((candidate) => candidate.id === id);
              return account ? `${account.networkLabel} · ${account.handle}` : "Konto nicht mehr verbunden";
            });
            const openable = draft.source !== "composer" || onOpenComposerDraft !== undefined;
            return (
              <li
                key={draft.id}
                data-testid="draft"
                className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
              >
                <div className="grid min-w-0 gap-2">
                  <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-slate-900">
                    {excerpt || <span className="italic text-slate-600">Noch ohne Text</span>}
                  </p>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
                    <Badge tone="indigo">{DRAFT_SOURCE_LABELS[draft.source]}</Badge>
                    {draft.content.threadPosts.length > 0 ? (
                      <Badge tone="slate">Thread · {draft.content.threadPosts.length} Beiträge</Badge>
                    ) : null}
                    <span>{handles.length > 0 ? handles.join(", ") : "Noch kein Konto gewählt"}</span>
                    <span>Zuletzt geändert {formatDateTime(draft.updatedAt, zone)}</span>
                  </div>
                </div>
                <div className="flex gap-2 sm:justify-end">
                  {openable ? (
                    <Button size="sm" variant="outline" onClick={() => open(draft)}>
                      <FilePenLine aria-hidden />
                      Öffnen
                      <span className="sr-only">: {excerpt.slice(0, 40) || "Entwurf ohne Text"}</span>
                    </Button>
                  ) : null}
                  <Button size="sm" variant="destructiveGhost" onClick={() => setDeleting(draft)}>
                    <Trash2 aria-hidden />
                    Löschen
                    <span className="sr-only">: {excerpt.slice(0, 40) || "Entwurf ohne Text"}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Entwurf löschen?"
        description="Der Entwurf wird endgültig gelöscht."
        confirmLabel="Entwurf löschen"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </section>
  );
}
