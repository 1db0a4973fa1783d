import { CalendarDays, ChevronLeft, ChevronRight, List } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type FilterOption, FilterSelect } from "#app/components/filter-select.tsx";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { NewPostButton } from "#app/features/composer/new-post-button.tsx";
import { useComposer } from "#app/features/composer/use-composer.tsx";
import { DraftsPanel } from "#app/features/drafts/drafts-panel.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ListPostsQuery } from "#shared/publishing.schemas.ts";
import { CONNECTIONS_PATH, POST_PARAM } from "#shared/publishing.ts";
import { PUBLICATION_STATUS_LABELS, PUBLICATION_STATUSES, type PublicationStatus } from "#shared/publishing-states.ts";
import { toWallTime } from "#shared/wall-time.ts";
import { addDays, formatDay, todayIn, WEEKDAY_LABELS, weekOf } from "./plan-time.ts";
import { PostSummary } from "./planner-parts.tsx";
import { PostDialog } from "./post-dialog.tsx";
import { allAccounts, type Post, useConnections, usePost, usePosts } from "./use-publishing.ts";

const ALL = "all";
type View = "woche" | "liste";
type Filters = { accountId: string; status: PublicationStatus | typeof ALL };

const STATUS_OPTIONS: FilterOption<Filters["status"]>[] = [
  { value: ALL, label: "Alle Status" },
  ...PUBLICATION_STATUSES.map((status) => ({ value: status, label: PUBLICATION_STATUS_LABELS[status] })),
];

// The Redaktionsplan (ADR 0053): the user's planned, sent and failed posts as a week (Monday to
// Sunday in the user's zone, ADR 0091) and as a list, filtered by account and status. The week and the view live in
// the address (?woche=YYYY-MM-DD&ansicht=liste), so a link or a reload shows the same.
export function Planner() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get("ansicht") === "liste" ? "liste" : "woche";
  const weekParam = params.get("woche");
  const zone = useTimeZone();
  const day = weekParam && /^\d{4}-\d{2}-\d{2}$/.test(weekParam) ? weekParam : todayIn(zone);
  const days = weekOf(day);
  const [filters, setFilters] = useState<Filters>({ accountId: ALL, status: ALL });
  const [clicked, setClicked] = useState<Post | null>(null);
  const composer = useComposer();
  // A mail or a notification opens one post (?beitrag=<id>, ADR 0094).
  const linkedId = params.get(POST_PARAM);
  const linked = usePost(clicked ? null : linkedId);
  const connections = useConnections();
  const accounts = allAccounts(connections.data);

  const query: ListPostsQuery = {
    ...(filters.accountId === ALL ? {} : { accountId: filters.accountId }),
    ...(filters.status === ALL ? {} : { status: filters.status }),
    ...(view === "woche" ? { week: days[0] } : {}),
  };
  const posts = usePosts(query);

  function update(next: Record<string, string | null>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  }

  // The opened post as the plan last loaded it: sent meanwhile, it says so (not a stale "Geplant für").
  const shown = clicked ?? linked.data ?? null;
  const opened = (shown && posts.data?.posts.find((post) => post.id === shown.id)) ?? shown;
  const setOpened = (post: Post | null) => {
    setClicked(post);
    if (!post && linkedId) update({ [POST_PARAM]: null });
  };

  const openedProfile = accounts.find((account) => account.id === opened?.accountId)?.profileUrl ?? null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Redaktionsplan</h1>
          <p className="mt-3 text-slate-700">Ihre geplanten, gesendeten und fehlgeschlagenen Beiträge.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={CONNECTIONS_PATH}>Verbundene Konten</Link>
          </Button>
          <NewPostButton onOpen={composer.open} />
        </div>
      </div>

      <section
        aria-label="Filter"
        className="mt-8 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5"
      >
        <FilterSelect
          id="planner-account"
          label="Konto"
          value={filters.accountId}
          options={[
            { value: ALL, label: "Alle Konten" },
            ...accounts.map((account) => ({ value: account.id, label: `${account.networkLabel} · ${account.handle}` })),
          ]}
          onChange={(accountId) => setFilters((current) => ({ ...current, accountId }))}
        />
        <FilterSelect
          id="planner-status"
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters((current) => ({ ...current, status }))}
        />
      </section>

      <Tabs
        value={view}
        onValueChange={(value) => update({ ansicht: value === "liste" ? "liste" : null })}
        className="mt-8"
      >
        <TabsList aria-label="Ansicht" className="w-fit">
          <TabsTrigger value="woche" className="flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden />
            Woche
          </TabsTrigger>
          <TabsTrigger value="liste" className="flex items-center gap-1.5">
            <List className="size-4" aria-hidden />
            Liste
          </TabsTrigger>
        </TabsList>
        <TabsContent value="woche">
          <nav aria-label="Woche wählen" className="flex flex-wrap items-center justify-between gap-3">
            <Button variant="outline" size="sm" onClick={() => update({ woche: addDays(days[0] ?? day, -7) })}>
              <ChevronLeft aria-hidden />
              Vorherige Woche
            </Button>
            <p className="text-sm font-medium text-slate-900" aria-live="polite">
              {formatDay(days[0] ?? day)} – {formatDay(days[6] ?? day)}
            </p>
            <div className="flex gap-2">
              <Button variant="ghost" size="sm" onClick={() => update({ woche: null })}>
                Heute
              </Button>
              <Button variant="outline" size="sm" onClick={() => update({ woche: addDays(days[0] ?? day, 7) })}>
                Nächste Woche
                <ChevronRight aria-hidden />
              </Button>
            </div>
          </nav>
          <PostsState posts={posts}>{(list) => <WeekGrid days={days} posts={list} onOpen={setOpened} />}</PostsState>
        </TabsContent>
        <TabsContent value="liste">
          <PostsState posts={posts}>
            {(list) =>
              list.length === 0 ? (
                <EmptyPlan />
              ) : (
                <ul className="grid gap-3">
                  {list.map((post) => (
                    <li key={post.id}>
                      <PostSummary post={post} onOpen={setOpened} showDate />
                    </li>
                  ))}
                </ul>
              )
            }
          </PostsState>
        </TabsContent>
      </Tabs>

      <div className="mt-12">
        <DraftsPanel
          onOpenComposerDraft={(draft) =>
            composer.open({ initial: draft.content, draft: { id: draft.id, revision: draft.revision } })
          }
        />
      </div>
      {composer.element}

      <PostDialog post={opened} profileUrl={openedProfile} onClose={() => setOpened(null)} />
    </div>
  );
}

function PostsState({
  posts,
  children,
}: {
  posts: ReturnType<typeof usePosts>;
  children: (list: Post[]) => ReactNode;
}) {
  if (posts.isPending) return <CenteredSpinner className="py-16" label="Beiträge werden geladen" />;
  if (posts.isError || !posts.data) {
    return (
      <LoadFailedAlert
        message="Der Redaktionsplan konnte nicht geladen werden."
        onRetry={() => posts.refetch()}
        className="mt-6"
      />
    );
  }
  return (
    <div className="mt-6" aria-busy={posts.isFetching}>
      {children(posts.data.posts)}
    </div>
  );
}

function WeekGrid({ days, posts, onOpen }: { days: string[]; posts: Post[]; onOpen: (post: Post) => void }) {
  const zone = useTimeZone();
  const today = todayIn(zone);
  const byDay = new Map<string, Post[]>();
  for (const post of posts) {
    const day = toWallTime(new Date(post.scheduledAt), zone).date;
    byDay.set(day, [...(byDay.get(day) ?? []), post]);
  }
  for (const list of byDay.values()) list.sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  return (
    <ol className="grid gap-3 lg:grid-cols-7">
      {days.map((day, index) => {
        const list = byDay.get(day) ?? [];
        const headingId = `day-${day}`;
        return (
          <li
            key={day}
            aria-labelledby={headingId}
            className={cn(
              "grid content-start gap-2 rounded-xl border p-3 lg:min-h-48",
              day === today ? "border-indigo-300 bg-indigo-50/60" : "border-slate-200 bg-slate-50",
            )}
          >
            <h2 id={headingId} className="text-sm font-semibold text-slate-900">
              {WEEKDAY_LABELS[index]} {formatDay(day).slice(0, 6)}
              {day === today ? <span className="ml-1 font-normal text-indigo-800">(heute)</span> : null}
            </h2>
            {list.length === 0 ? (
              <p className="text-xs text-slate-600">Keine Beiträge</p>
            ) : (
              list.map((post) => <PostSummary key={post.id} post={post} onOpen={onOpen} showDate={false} />)
            )}
          </li>
        );
      })}
    </ol>
  );
}

function EmptyPlan() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <p className="text-slate-700">
        Noch keine Beiträge. Veröffentlichen oder planen Sie einen Vorschlag aus dem Generator oder dem Archiv.
      </p>
    </div>
  );
}
