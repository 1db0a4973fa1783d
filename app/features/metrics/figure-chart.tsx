import type { GroupFigure } from "#shared/metrics.ts";
import { formatAverage } from "#shared/metrics.ts";

// Plain bars for the Erfolg page (ADR 0106), one row per group so a label never has to share a
// line with its neighbours at 390 px. Bars are HTML, not a scaled SVG: the labels keep the page's
// small type at every width (a viewBox drawn half as wide as the page shrank them to 8 px in the
// two-column grid). Each chart carries its numbers in a table below as well.

export function FigureChart({ title, rows, valueLabel }: { title: string; rows: GroupFigure[]; valueLabel: string }) {
  const max = Math.max(1, ...rows.map((row) => row.averageInteractions));
  return (
    <figure className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <div
        role="img"
        aria-label={`${title}: ${rows.map((row) => `${row.label} ${formatAverage(row.averageInteractions)}`).join(", ")}`}
        className="grid gap-1.5 text-xs"
      >
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)_3rem] items-center gap-2">
            <span className="truncate text-slate-700" title={row.label}>
              {row.label}
            </span>
            <span className="h-4">
              <span
                className="block h-full rounded-[3px] bg-indigo-500"
                style={{ width: `${Math.max((row.averageInteractions / max) * 100, 0.5)}%` }}
              />
            </span>
            <span className="text-slate-900 tabular-nums">{formatAverage(row.averageInteractions)}</span>
          </div>
        ))}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-indigo-800 underline underline-offset-4">Als Tabelle</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Gruppe
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Beiträge
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {valueLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {row.label}
                </th>
                <td className="py-1 text-right tabular-nums">{row.posts}</td>
                <td className="py-1 text-right tabular-nums">{formatAverage(row.averageInteractions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
