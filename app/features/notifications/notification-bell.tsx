import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Bell from "lucide-react/icons/bell";
import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import ExternalLink from "lucide-react/icons/external-link";
import Link2Off from "lucide-react/icons/link-2-off";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { DialogCloseButton } from "#app/components/ui/dialog.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { useSigningOut } from "#app/features/auth/signing-out.ts";
import { formatDateTime } from "#app/features/publishing/plan-time.ts";
import { NOTIFICATIONS_QUERY_KEY } from "#app/features/publishing/use-publishing.ts";
import { api, jsonOrThrow, toApiError } from "#app/lib/api.ts";
import { cn } from "#app/lib/cn.ts";
import type { NotificationKind } from "#shared/publishing.ts";
import { plannerPostPath } from "#shared/publishing.ts";
import { ROUTES } from "#shared/routes.ts";

// The header's notification area (spec section 2; ADR 0053): posts sent, failed or unconfirmed,
// accounts to reconnect. Loaded with the header's session parts, so only for a signed-in user
// (ADR 0018, 0031); it looks again every minute and when the window regains the focus.

const POLL_MS = 60_000;
const SHOWN = 10;

async function fetchNotifications() {
  return jsonOrThrow(await api.notifications.$get());
}

type Notification = Awaited<ReturnType<typeof fetchNotifications>>["notifications"][number];

export function NotificationBell() {
  const queryClient = useQueryClient();
  const signingOut = useSigningOut();
  const { data, isPending, isError } = useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: fetchNotifications,
    // A refetch on focus during a sign-out would meet a 401 (ADR 0061).
    enabled: !signingOut,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const markAll = useMutation({
    mutationFn: async () => {
      const response = await api.notifications.read.$post();
      if (!response.ok) throw await toApiError(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
    onError: (error) => toast.error(error.message),
  });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unread = data?.unread ?? 0;

  // Escape and a click outside close the panel; the focus goes back to the bell.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={unread === 0 ? "Benachrichtigungen, keine ungelesen" : `Benachrichtigungen, ${unread} ungelesen`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <Bell aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            className="absolute -right-0.5 -top-0.5 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] font-semibold leading-4 text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </Button>
      {open ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-16 z-50 grid max-h-[70dvh] gap-3 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-11 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 pr-8">
            <h2 id={headingId} className="font-semibold">
              Benachrichtigungen
            </h2>
          </div>
          <DialogCloseButton
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
          {data && data.notifications.length > 0 ? (
            <>
              <button
                type="button"
                className="justify-self-start rounded text-sm font-medium text-indigo-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:text-slate-500 disabled:no-underline"
                onClick={() => markAll.mutate()}
                disabled={unread === 0 || markAll.isPending}
              >
                Alle als gelesen markieren
              </button>
              <ul className="grid gap-2">
                {data.notifications.slice(0, SHOWN).map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} onFollow={() => setOpen(false)} />
                ))}
              </ul>
              <Link
                to={ROUTES.planner}
                onClick={() => setOpen(false)}
                className="text-sm font-medium text-indigo-800 underline-offset-4 hover:underline"
              >
                Zum Redaktionsplan
              </Link>
            </>
          ) : (
            <p className="text-sm text-slate-600" role={isError ? "alert" : undefined}>
              {isPending
                ? "Benachrichtigungen werden geladen …"
                : isError
                  ? "Die Benachrichtigungen konnten nicht geladen werden."
                  : "Keine Benachrichtigungen."}
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}

const KIND_ICONS: Record<NotificationKind, typeof Bell> = {
  sent: CircleCheck,
  failed: CircleAlert,
  unconfirmed: CircleAlert,
  missed: CircleAlert,
  reconnect: Link2Off,
  expiring: Link2Off,
};

const KIND_COLORS: Record<NotificationKind, string> = {
  sent: "text-emerald-700",
  failed: "text-red-700",
  unconfirmed: "text-amber-700",
  missed: "text-amber-700",
  reconnect: "text-amber-700",
  expiring: "text-amber-700",
};

function NotificationItem({ notification, onFollow }: { notification: Notification; onFollow: () => void }) {
  const Icon = KIND_ICONS[notification.kind];
  const zone = useTimeZone();
  return (
    <li
      className={cn(
        "flex gap-3 rounded-lg border p-3 text-sm",
        notification.read ? "border-slate-200 bg-white" : "border-indigo-200 bg-indigo-50/60",
      )}
      data-testid="notification"
    >
      <Icon className={cn("mt-0.5 size-4 shrink-0", KIND_COLORS[notification.kind])} aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p className="break-words text-slate-900">
          {notification.read ? null : <span className="sr-only">Ungelesen: </span>}
          {notification.message}
        </p>
        <p className="text-xs text-slate-600">
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt, zone)}</time>
        </p>
        <NotificationLink notification={notification} onFollow={onFollow} />
      </div>
    </li>
  );
}

function NotificationLink({ notification, onFollow }: { notification: Notification; onFollow: () => void }) {
  const linkClass =
    "inline-flex items-center gap-1 text-sm font-medium text-indigo-800 underline-offset-4 hover:underline";
  if (notification.kind === "sent" && notification.externalUrl) {
    return (
      <a href={notification.externalUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Beitrag ansehen
        <ExternalLink className="size-3.5" aria-hidden />
        <span className="sr-only">(öffnet in neuem Tab)</span>
      </a>
    );
  }
  if (notification.kind === "reconnect" || notification.kind === "expiring") {
    return (
      <Link to={ROUTES.connections} onClick={onFollow} className={linkClass}>
        Konto neu verbinden
      </Link>
    );
  }
  if (notification.kind === "failed" || notification.kind === "unconfirmed" || notification.kind === "missed") {
    // The post itself opens in the Redaktionsplan (ADR 0094), where it can be sent again.
    const to = notification.publicationId ? plannerPostPath(notification.publicationId) : ROUTES.planner;
    return (
      <Link to={to} onClick={onFollow} className={linkClass}>
        Im Redaktionsplan ansehen
      </Link>
    );
  }
  return null;
}
