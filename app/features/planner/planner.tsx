import CalendarDays from "lucide-react/icons/calendar-days";
import CalendarRange from "lucide-react/icons/calendar-range";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import List from "lucide-react/icons/list";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { NewPostButton } from "#app/features/composer/new-post-button.tsx";
import { useComposer } from "#app/features/composer/use-composer.tsx";
import { DraftsPanel } from "#app/features/drafts/drafts-panel.tsx";
import { formatDay, suggestedPlanTime } from "#app/features/publishing/plan-time.ts";
import {
  allAccounts,
  type Post,
  useConnections,
  useMovePost,
  usePost,
  usePosts,
} from "#app/features/publishing/use-publishing.ts";
import { NETWORK_IDS, NETWORKS, type NetworkId } from "#shared/networks.ts";
import type { ListPostsQuery } from "#shared/publishing.schemas.ts";
import { CONNECTIONS_PATH, POST_PARAM } from "#shared/publishing.ts";
import { PUBLICATION_STATUS_LABELS, PUBLICATION_STATUSES, type PublicationStatus } from "#shared/publishing-states.ts";
import { wallTimeToInstant } from "#shared/wall-time.ts";
import { type Day, isDay, monthGrid, weekOf, zonedToday } from "#shared/zoned-time.ts";
import { CalendarDnd } from "./calendar-dnd.tsx";
import { ChipFilter } from "./calendar-filters.tsx";
import { groupByDay, minutesToTime } from "./calendar-layout.ts";
import { ListView } from "./calendar-list.tsx";
import { MonthView } from "./calendar-month.tsx";
import { WeekView } from "./calendar-week.tsx";
import { DayDialog } from "./day-dialog.tsx";
import { MoveDialog } from "./move-dialog.tsx";
import { planPeriod, type View } from "./plan-period.ts";
import { PostDialog } from "./post-dialog.tsx";

// The Redaktionsplan (ADR 0053, 0089): the user's posts as a month, a week with a time grid, or a
// list, in the user's time zone. View, day and filters live in the address
// (?ansicht=woche&datum=2026-12-07&netzwerk=x,bluesky), so a reload or a link shows the same.
// Posts move by drag and drop or "Verschieben"; a click on free time composes there.

const VIEWS: { value: View; label: string; icon: typeof List }[] = [
  { value: "monat", label: "Monat", icon: CalendarRange },
  { value: "woche", label: "Woche", icon: CalendarDays },
  { value: "liste", label: "Liste", icon: List },
];
/** A click on a month's day composes at this time of day. */
const DEFAULT_DAY_TIME = "09:00";

function listParam<Value extends string>(params: URLSearchParams, key: string, allowed: readonly Value[]): Value[] {
  return (params.get(key) ?? "").split(",").filter((value): value is Value => allowed.includes(value as Value));
}

export function Planner() {
  const zone = useTimeZone();
  const [params, setParams] = useSearchParams();
  // `?woche=` is the address the plan had before it was a calendar (mails, bookmarks).
  const legacyWeek = params.get("woche");
  const view: View =
    params.get("ansicht") === "monat" ? "monat" : params.get("ansicht") === "liste" ? "liste" : "woche";
  const dayParam = params.get("datum") ?? legacyWeek ?? "";
  const day = isDay(dayParam) ? dayParam : zonedToday(zone);

  const connections = useConnections();
  const accounts = allAccounts(connections.data);
  const accountFilter = listParam(
    params,
    "konto",
    accounts.map((account) => account.id),
  );
  const networkFilter = listParam<NetworkId>(params, "netzwerk", NETWORK_IDS);
  const statusFilter = listParam<PublicationStatus>(params, "status", PUBLICATION_STATUSES);

  const weeks = useMemo(() => monthGrid(day), [day]);
  const week = useMemo(() => weekOf(day), [day]);
  const period = planPeriod(view, day);
  const query: ListPostsQuery = {
    from: period.from,
    to: period.to,
    ...(accountFilter.length > 0 ? { accountId: accountFilter } : {}),
    ...(networkFilter.length > 0 ? { network: networkFilter } : {}),
    ...(statusFilter.length > 0 ? { status: statusFilter } : {}),
  };
  const posts = usePosts(query);

  const [clicked, setClicked] = useState<Post | null>(null);
  const [moving, setMoving] = useState<Post | null>(null);
  const [openDay, setOpenDay] = useState<Day | null>(null);
  const composer = useComposer();
  const composeAt = useCallback(
    (plannedFor: { date: string; time: string }) => composer.open({ initial: { plannedFor } }),
    [composer.open],
  );
  // A mail or a notification opens one post (?beitrag=<id>, ADR 0094).
  const linkedId = params.get(POST_PARAM);
  const linked = usePost(clicked ? null : linkedId);

  function update(next: Record<string, string | null>) {
    const merged = new URLSearchParams(params);
    merged.delete("woche");
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === "") merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  }

  const step = (direction: 1 | -1) => update({ datum: period.step(direction), woche: null });

  const move = useMovePost((plannedFor) =>
    toast.success(`Beitrag verschoben auf ${formatDay(plannedFor.date)} ${plannedFor.time}.`),
  );
  const { mutate: moveNow, mutateAsync: moveAsync } = move;
  const movePost = useCallback(
    (post: Post, target: { day: Day; minutes: number }) => {
      const plannedFor = { date: target.day, time: minutesToTime(target.minutes) };
      const instant = wallTimeToInstant(plannedFor.date, plannedFor.time, zone)?.toISOString() ?? post.scheduledAt;
      moveNow({ post, plannedFor, instant });
    },
    [moveNow, zone],
  );
  const moveFromDialog = useCallback(
    async (post: Post, plannedFor: { date: string; time: string }) => {
      const instant = wallTimeToInstant(plannedFor.date, plannedFor.time, zone)?.toISOString() ?? post.scheduledAt;
      await moveAsync({ post, plannedFor, instant });
    },
    [moveAsync, zone],
  );

  const compose = useCallback(
    (day: Day, minutes: number) => composeAt({ date: day, time: minutesToTime(minutes) }),
    [composeAt],
  );
  const composeDay = useCallback(
    (day: Day) => {
      setOpenDay(null);
      // Today's free space composes at the next full hour, any other day in the morning.
      composeAt(day === zonedToday(zone) ? suggestedPlanTime(zone) : { date: day, time: DEFAULT_DAY_TIME });
    },
    [zone, composeAt],
  );
  const openPost = useCallback((post: Post) => {
    setOpenDay(null);
    setClicked(post);
  }, []);

  const list = posts.data?.posts ?? EMPTY;
  // The opened post as the plan last loaded it: sent meanwhile, it says so (not a stale "Geplant für").
  const shown = clicked ?? linked.data ?? null;
  const opened = (shown && list.find((post) => post.id === shown.id)) ?? shown;
  const setOpened = (post: Post | null) => {
    setClicked(post);
    if (!post && linkedId) update({ [POST_PARAM]: null });
  };
  const dayPosts = useMemo(
    () => (openDay ? (groupByDay(list, zone).get(openDay) ?? EMPTY) : EMPTY),
    [list, openDay, zone],
  );
  const openedProfile = accounts.find((account) => account.id === opened?.accountId)?.profileUrl ?? null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Redaktionsplan</h1>
          <p className="mt-3 text-slate-700">Ihre geplanten, gesendeten und fehlgeschlagenen Beiträge.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={CONNECTIONS_PATH}>Verbundene Konten</Link>
          </Button>
          <NewPostButton onOpen={composer.open} />
        </div>
      </div>

      <section
        aria-label="Filter"
        className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <ChipFilter
          label="Konto"
          chips={accounts.map((account) => ({
            value: account.id,
            label: `${account.networkLabel} · ${account.handle}`,
          }))}
          selected={accountFilter}
          onChange={(next) => update({ konto: next.join(",") })}
        />
        <ChipFilter
          label="Netzwerk"
          chips={NETWORK_IDS.map((network) => ({ value: network, label: NETWORKS[network].label }))}
          selected={networkFilter}
          onChange={(next) => update({ netzwerk: next.join(",") })}
        />
        <ChipFilter
          label="Status"
          chips={PUBLICATION_STATUSES.map((status) => ({ value: status, label: PUBLICATION_STATUS_LABELS[status] }))}
          selected={statusFilter}
          onChange={(next) => update({ status: next.join(",") })}
        />
      </section>

      <Tabs value={view} onValueChange={(value) => update({ ansicht: value, datum: day })} className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Ansicht" className="w-fit">
            {VIEWS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="flex items-center gap-1.5">
                <Icon className="size-4" aria-hidden />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <nav aria-label="Zeitraum wählen" className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => step(-1)} aria-label={period.back}>
              <ChevronLeft aria-hidden />
            </Button>
            <Button variant="ghost" size="sm" onClick={() => update({ datum: null, woche: null })}>
              Heute
            </Button>
            <Button variant="outline" size="sm" onClick={() => step(1)} aria-label={period.forward}>
              <ChevronRight aria-hidden />
            </Button>
            <p className="min-w-40 text-sm font-semibold text-slate-900" aria-live="polite" data-testid="period">
              {period.label}
            </p>
          </nav>
        </div>
        {posts.data?.truncated ? (
          <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            Es werden nur die ersten {posts.data.posts.length} Beiträge gezeigt. Bitte grenzen Sie mit den Filtern ein.
          </p>
        ) : null}
        <TabsContent value="monat">
          <PostsState posts={posts}>
            {(loaded) => (
              <CalendarDnd kind="month" zone={zone} onMove={movePost}>
                <MonthView
                  weeks={weeks}
                  month={day.slice(0, 7)}
                  posts={loaded}
                  zone={zone}
                  onOpen={openPost}
                  onOpenDay={setOpenDay}
                  onComposeDay={composeDay}
                />
              </CalendarDnd>
            )}
          </PostsState>
        </TabsContent>
        <TabsContent value="woche">
          <PostsState posts={posts}>
            {(loaded) => (
              <CalendarDnd kind="week" zone={zone} onMove={movePost}>
                <WeekView
                  days={week}
                  posts={loaded}
                  zone={zone}
                  onOpen={openPost}
                  onOpenDay={setOpenDay}
                  onCompose={compose}
                />
              </CalendarDnd>
            )}
          </PostsState>
        </TabsContent>
        <TabsContent value="liste">
          <PostsState posts={posts}>{(loaded) => <ListView posts={loaded} zone={zone} onOpen={openPost} />}</PostsState>
        </TabsContent>
      </Tabs>

      <PostDialog
        post={opened}
        profileUrl={openedProfile}
        onClose={() => setOpened(null)}
        onMove={(post) => {
          setOpened(null);
          setMoving(post);
        }}
      />
      <MoveDialog post={moving} zone={zone} onMove={moveFromDialog} onClose={() => setMoving(null)} />
      <DayDialog
        day={openDay}
        posts={dayPosts}
        zone={zone}
        onOpen={openPost}
        onCompose={composeDay}
        onClose={() => setOpenDay(null)}
      />
      <div className="mt-12">
        <DraftsPanel
          onOpenComposerDraft={(draft) =>
            composer.open({ initial: draft.content, draft: { id: draft.id, revision: draft.revision } })
          }
        />
      </div>
      {composer.element}
    </div>
  );
}

const EMPTY: Post[] = [];

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
  return <div aria-busy={posts.isFetching}>{children(posts.data.posts)}</div>;
}
