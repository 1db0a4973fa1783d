import type { GroupFigure } from "#shared/metrics.ts";
import { formatAverage } from "#shared/metrics.ts";

// Plain SVG bars for the Erfolg page (ADR 0106), one row per group so a label never has to share a
// line with its neighbours at 390 px. Each chart carries its numbers in a table below as well.

const ROW = 28;
const LABEL_WIDTH = 150;
const WIDTH = 420;

export function FigureChart({ title, rows, valueLabel }: { title: string; rows: GroupFigure[]; valueLabel: string }) {
  const max = Math.max(1, ...rows.map((row) => row.averageInteractions));
  const barSpace = WIDTH - LABEL_WIDTH - 48;
  return (
    <figure className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${rows.length * ROW}`}
        className="w-full"
        role="img"
        aria-label={`${title}: ${rows.map((row) => `${row.label} ${formatAverage(row.averageInteractions)}`).join(", ")}`}
      >
        {rows.map((row, index) => {
          const width = (row.averageInteractions / max) * barSpace;
          const y = index * ROW;
          return (
            <g key={row.label}>
              <text x={0} y={y + 18} className="fill-slate-700 text-[12px]">
                {row.label}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y + 5}
                width={Math.max(width, 1)}
                height={ROW - 10}
                rx={3}
                className="fill-indigo-500"
              />
              <text x={LABEL_WIDTH + width + 6} y={y + 18} className="fill-slate-900 text-[12px] tabular-nums">
                {formatAverage(row.averageInteractions)}
              </text>
            </g>
          );
        })}
      </svg>
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
