import Download from "lucide-react/icons/download";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { requireSession } from "#app/features/auth/require-session.ts";
import { FigureChart } from "#app/features/metrics/figure-chart.tsx";
import { METRICS_CSV_URL, useErfolgReport } from "#app/features/metrics/use-metrics.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { type ErfolgReport, formatAverage, formatRate, METRICS_MESSAGES } from "#shared/metrics.ts";
import { NETWORKS } from "#shared/networks.ts";
import { formatDateTime, formatDay } from "#shared/wall-time.ts";

export const meta = () => pageMeta({ title: "Erfolg" });

// Signed-out visitors go to /auth (the figures are personal).
export const clientLoader = requireSession;

// The soft hyphen lets the account table's four columns fit 390 px without scrolling.
const AVERAGE = "Ø Inter\u00ADaktionen";

// What the sent posts achieved (ADR 0106): figures the networks gave, never estimates.
export default function ErfolgPage() {
  const { data, isPending, isError } = useErfolgReport();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Erfolg</h1>
      <p className="mt-3 text-slate-700">
        Likes, Reposts, Antworten und Aufrufe Ihrer gesendeten Beiträge, wie die Netzwerke sie melden – 15 Minuten, 1
        Stunde, 24 Stunden, 7 und 30 Tage nach dem Senden abgerufen.
      </p>
      <a
        href={METRICS_CSV_URL}
        download
        className="mt-4 inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50"
      >
        <Download className="size-4" aria-hidden />
        Als CSV herunterladen
      </a>
      <div className="mt-8">
        {isPending ? (
          <Spinner label="Zahlen werden geladen …" />
        ) : isError || !data ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            Die Zahlen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.
          </p>
        ) : !data.enough ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            {METRICS_MESSAGES.tooFew} Bisher: {data.postsWithFigures}.
          </p>
        ) : (
          <Report report={data} />
        )}
      </div>
    </div>
  );
}

function Report({ report }: { report: ErfolgReport }) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="erfolg-best" className="grid gap-3">
        <h2 id="erfolg-best" className="text-xl font-semibold">
          Beste Beiträge
        </h2>
        <ol className="grid gap-3">
          {report.best.map((post) => (
            <li key={post.publicationId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-xs text-slate-600">
                {NETWORKS[post.network].label} · {post.accountHandle} · {formatDateTime(post.sentAt, report.timeZone)}
              </p>
              <p className="mt-1 line-clamp-3 whitespace-pre-line text-slate-900">{post.text}</p>
              <p className="mt-2 text-sm text-slate-700">
                {post.interactions.toLocaleString("de-DE")} Interaktionen · Interaktionsrate {formatRate(post.rate)}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="erfolg-accounts" className="grid gap-3">
        <h2 id="erfolg-accounts" className="text-xl font-semibold">
          Je Netzwerk und Konto
        </h2>
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="p-2 font-medium">
                  Konto
                </th>
                <th scope="col" className="p-2 text-right font-medium">
                  Beiträge
                </th>
                <th scope="col" className="p-2 text-right font-medium">
                  {AVERAGE}
                </th>
                <th scope="col" className="p-2 text-right font-medium">
                  Ø Rate
                </th>
              </tr>
            </thead>
            <tbody>
              {report.byAccount.map((row) => (
                <tr key={`${row.network}-${row.handle}`} className="border-t border-slate-100">
                  <th scope="row" className="p-2 font-normal">
                    {NETWORKS[row.network].label} · {row.handle}
                  </th>
                  <td className="whitespace-nowrap p-2 text-right tabular-nums">{row.posts}</td>
                  <td className="whitespace-nowrap p-2 text-right tabular-nums">
                    {formatAverage(row.averageInteractions)}
                  </td>
                  <td className="whitespace-nowrap p-2 text-right tabular-nums">{formatRate(row.averageRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <FigureChart
        title="Beiträge im Zeitverlauf (Interaktionen je Tag)"
        valueLabel="Interaktionen"
        rows={report.overTime.map((day) => ({
          label: formatDay(day.day),
          posts: day.posts,
          averageInteractions: day.interactions,
        }))}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <FigureChart title="Nach Wochentag" valueLabel={AVERAGE} rows={report.byWeekday} />
        <FigureChart title="Nach Uhrzeit" valueLabel={AVERAGE} rows={report.byHour} />
        <FigureChart title="Nach Länge" valueLabel={AVERAGE} rows={report.byLength} />
        <FigureChart title="Hashtags" valueLabel={AVERAGE} rows={report.byHashtags} />
        <FigureChart title="Bild" valueLabel={AVERAGE} rows={report.byImage} />
        <FigureChart title="Ton" valueLabel={AVERAGE} rows={report.byTone} />
      </div>
      <p className="text-xs text-slate-600">
        Zeiten in Ihrer Zeitzone ({report.timeZone}). Interaktionsrate: Interaktionen je Aufruf, nur wo das Netzwerk
        Aufrufe meldet (X, LinkedIn, Facebook, Instagram, Threads); Bluesky und Mastodon melden keine. Reaktionen
        (Facebook, LinkedIn) zählen als Likes, Kommentare als Antworten, Geteilt als Reposts.
      </p>
    </div>
  );
}
