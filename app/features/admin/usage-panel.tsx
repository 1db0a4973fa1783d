import { parseISO } from "date-fns";
import BarChart3 from "lucide-react/icons/chart-column";
import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { formatDate } from "#app/lib/format.ts";
import { PLAN_LABELS, PLANS } from "#shared/billing.ts";
import { NETWORK_IDS, NETWORKS } from "#shared/networks.ts";
import { AdminPanelCard } from "./admin-panel-card.tsx";
import { AdminTable } from "./admin-table.tsx";
import { CapsPanel } from "./caps-panel.tsx";
import { type UsageDay, useUsage } from "./use-usage.ts";

type Metric = Exclude<keyof UsageDay, "day">;

// German column heads, in the table's order. The first three can be drawn as the chart.
const COLUMNS: { key: Metric; label: string }[] = [
  { key: "signUps", label: "Registrierungen" },
  { key: "generations", label: "Generierungen" },
  { key: "optimizerAiCalls", label: "Optimizer-KI-Aufrufe" },
  { key: "charged", label: "Mit Credit" },
  { key: "included", label: "Pro-Kontingent" },
  { key: "failed", label: "Fehlgeschlagen" },
  { key: "optimizerAiFailed", label: "KI fehlgeschlagen" },
  { key: "optimizerDemoCalls", label: "Optimizer-Demo" },
];
const CHART_METRICS = COLUMNS.slice(0, 3);

const formatCount = (value: number) => value.toLocaleString("de-DE");
// The API's days are calendar dates (yyyy-MM-dd in Berlin); parseISO reads them as local dates,
// so the browser's own time zone cannot shift them by a day.
const formatDay = (day: string) => formatDate(parseISO(day));

// Beyond the spec: what happened per day, from the product's own rows; below it the monthly caps
// of publishing (ADR 0053), next to the posts they limit.
export function UsagePanel() {
  const query = useUsage();
  const [metric, setMetric] = useState<Metric>("generations");

  return (
    <div className="grid gap-6">
      <AdminPanelCard
        icon={BarChart3}
        title="Nutzung"
        description={`${query.data ? `Die letzten ${query.data.days.length} Tage` : "Die letzten Tage"} je Tag (Zeitzone Europe/Berlin), aus den eigenen Daten von Postwerk, ohne Analyse-Dienste.`}
        query={query}
        loadFailed="Die Nutzungsdaten konnten nicht geladen werden."
        contentClassName="grid gap-6"
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-700">
              <span className="font-medium">Aktive Pläne jetzt:</span>{" "}
              {PLANS.map((plan) => `${PLAN_LABELS[plan]}: ${formatCount(data.activePlans[plan])}`).join(" · ")}
            </p>
            <p className="text-sm text-slate-700">
              <span className="font-medium">Veröffentlicht in diesem Monat:</span>{" "}
              {NETWORK_IDS.map((network) => {
                const { posts, withLink } = data.publishedThisMonth.networks[network];
                return `${NETWORKS[network].label}: ${formatCount(posts)} (${formatCount(withLink)} mit Link)`;
              }).join(" · ")}
            </p>
            <p className="text-sm text-slate-700">
              <span className="font-medium">Beiträge für Kennzahlen gelesen in diesem Monat:</span>{" "}
              {NETWORK_IDS.map(
                (network) => `${NETWORKS[network].label}: ${formatCount(data.metricReadsThisMonth[network] ?? 0)}`,
              ).join(" · ")}{" "}
              (X berechnet jeden gelesenen Beitrag)
            </p>
            <div className="grid gap-3">
              <fieldset className="flex flex-wrap gap-2">
                <legend className="sr-only">Im Diagramm zeigen</legend>
                {CHART_METRICS.map((option) => (
                  <Button
                    key={option.key}
                    type="button"
                    size="sm"
                    variant={metric === option.key ? "default" : "outline"}
                    aria-pressed={metric === option.key}
                    onClick={() => setMetric(option.key)}
                  >
                    {option.label}
                  </Button>
                ))}
              </fieldset>
              <UsageChart days={data.days} metric={metric} />
            </div>
            <UsageTable days={data.days} />
            <p className="text-xs text-slate-600">
              Generierungen: abgeschlossene Durchläufe laut Credit-Protokoll, am Tag ihres Starts; sie bleiben gezählt,
              wenn der Archiveintrag gelöscht wird. Demo-Durchläufe kosten nichts und zählen nicht. Mit Credit und
              Pro-Kontingent: gestartete Durchläufe, je nachdem, was sie verbraucht haben. Fehlgeschlagen: Durchläufe,
              deren Credit oder Kontingent-Durchlauf zurückgegeben wurde. Optimizer-Demo: Antworten des Offline-Editors
              ohne KI.
            </p>
          </>
        )}
      </AdminPanelCard>
      <CapsPanel kind="publishing" />
      <CapsPanel kind="reads" />
    </div>
  );
}

const CHART_WIDTH = 600;
const CHART_HEIGHT = 160;
const BAR_GAP = 2;

// Plain SVG bars, oldest day on the left; each bar names its day and value on hover, and
// the table below carries the same numbers for screen readers.
function UsageChart({ days, metric }: { days: UsageDay[]; metric: Metric }) {
  const label = COLUMNS.find((column) => column.key === metric)?.label ?? "";
  const max = Math.max(1, ...days.map((day) => day[metric]));
  const slot = CHART_WIDTH / Math.max(1, days.length);
  const total = days.reduce((sum, day) => sum + day[metric], 0);
  return (
    <figure className="grid gap-1">
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        className="h-40 w-full rounded-lg border border-slate-200 bg-slate-50"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label} je Tag, höchstens ${formatCount(max)}, zusammen ${formatCount(total)}`}
      >
        {days.map((day, index) => {
          const height = (day[metric] / max) * (CHART_HEIGHT - 8);
          return (
            <rect
              key={day.day}
              x={index * slot + BAR_GAP / 2}
              y={CHART_HEIGHT - height}
              width={slot - BAR_GAP}
              height={height}
              className="fill-indigo-500"
            >
              <title>{`${formatDay(day.day)}: ${formatCount(day[metric])}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* The first and last day under the chart's ends, the description on a line of its own: side by side
          the three ran together on a phone. */}
      <figcaption className="grid gap-0.5 text-xs text-slate-600">
        <span className="flex justify-between gap-4">
          <span>{days[0] ? formatDay(days[0].day) : null}</span>
          <span>{days.at(-1) ? formatDay(days.at(-1)?.day ?? "") : null}</span>
        </span>
        <span className="text-center">
          {label}, höchstens {formatCount(max)} am Tag
        </span>
      </figcaption>
    </figure>
  );
}

function UsageTable({ days }: { days: UsageDay[] }) {
  const newestFirst = [...days].reverse();
  const sums = COLUMNS.map((column) => days.reduce((sum, day) => sum + day[column.key], 0));
  return (
    <AdminTable
      caption="Nutzung je Tag, neuester Tag zuerst"
      rowHead="Datum"
      columns={COLUMNS}
      className="text-right tabular-nums"
      foot={
        <tr>
          <th scope="row" className="px-3 py-2 text-left">
            Summe
          </th>
          {COLUMNS.map((column, index) => (
            <td key={column.key} className="px-3 py-2">
              {formatCount(sums[index] ?? 0)}
            </td>
          ))}
        </tr>
      }
    >
      {newestFirst.map((day) => (
        <tr key={day.day}>
          <th scope="row" className="px-3 py-1.5 text-left font-normal text-slate-700">
            {formatDay(day.day)}
          </th>
          {COLUMNS.map((column) => (
            <td key={column.key} className={day[column.key] === 0 ? "px-3 py-1.5 text-slate-500" : "px-3 py-1.5"}>
              {formatCount(day[column.key])}
            </td>
          ))}
        </tr>
      ))}
    </AdminTable>
  );
}
