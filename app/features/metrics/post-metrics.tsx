import { figureLabels, METRICS_MESSAGES } from "#shared/metrics.ts";
import type { NetworkId } from "#shared/networks.ts";
import { formatDateTime } from "#shared/wall-time.ts";
import { Sparkline } from "./sparkline.tsx";
import { usePostMetrics } from "./use-metrics.ts";

// A sent post's latest figures and their sparkline in the Redaktionsplan's dialog and on the
// archive's card of the run it came from (ADR 0106). Networks without figures say "nicht verfügbar";
// nothing is ever made up. Each network's figures under its own names (Reaktionen, Kommentare,
// Geteilt …), only those it has (ADR 0104).

export function PostMetrics({
  publicationId,
  network,
  sent,
  timeZone,
  title = "Kennzahlen",
}: {
  publicationId: string;
  network: NetworkId;
  sent: boolean;
  timeZone: string;
  /** Where one card shows several posts' figures, each says whose they are. */
  title?: string;
}) {
  const { data, isError } = usePostMetrics(publicationId, sent);
  if (!sent) return null;
  return (
    <section aria-label={title} className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {isError ? (
        <p className="text-slate-700">Die Kennzahlen konnten nicht geladen werden.</p>
      ) : !data ? (
        <p className="text-slate-700">Kennzahlen werden geladen …</p>
      ) : data.state === "unavailable" ? (
        <p className="text-slate-700">Nicht verfügbar: {METRICS_MESSAGES.unavailable}</p>
      ) : data.state === "pending" ? (
        <p className="text-slate-700">{METRICS_MESSAGES.pending}</p>
      ) : (
        <>
          {data.state === "deleted" ? (
            <p className="font-medium text-amber-900">Gelöscht: {METRICS_MESSAGES.deleted}</p>
          ) : null}
          {data.latest ? (
            <dl className="grid grid-cols-3 gap-x-3 gap-y-1">
              {figureLabels(network)
                .filter(([key]) => data.latest?.[key] !== null)
                .map(([key, label]) => (
                  <div key={key}>
                    <dt className="text-xs text-slate-600">{label}</dt>
                    <dd className="font-semibold tabular-nums text-slate-900">
                      {(data.latest?.[key] ?? 0).toLocaleString("de-DE")}
                    </dd>
                  </div>
                ))}
            </dl>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Sparkline points={data.points} />
            {data.state === "ok" ? (
              <span className="text-xs text-slate-600">Stand {formatDateTime(data.takenAt, timeZone)}</span>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
