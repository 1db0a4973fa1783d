import type { MetricPoint } from "#shared/metrics.ts";
import { METRIC_ROUND_LABELS } from "#shared/metrics.ts";

// A small line of a post's interactions at each snapshot (ADR 0106). The label names every point,
// so a screen reader hears the numbers the line shows.

const WIDTH = 120;
const HEIGHT = 32;

export function Sparkline({ points }: { points: MetricPoint[] }) {
  if (points.length === 0) return null;
  const max = Math.max(1, ...points.map((point) => point.interactions));
  const step = points.length > 1 ? WIDTH / (points.length - 1) : 0;
  const coordinates = points.map(
    (point, index) =>
      `${(points.length > 1 ? index * step : WIDTH / 2).toFixed(1)},${(HEIGHT - 2 - (point.interactions / max) * (HEIGHT - 4)).toFixed(1)}`,
  );
  const label = `Interaktionen: ${points
    .map((point) => `${METRIC_ROUND_LABELS[point.round] ?? ""} ${point.interactions.toLocaleString("de-DE")}`)
    .join(", ")}`;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
      className="overflow-visible"
    >
      <polyline points={coordinates.join(" ")} fill="none" strokeWidth={2} className="stroke-indigo-600" />
      {coordinates.map((coordinate) => {
        const [x, y] = coordinate.split(",");
        return <circle key={coordinate} cx={x} cy={y} r={2.5} className="fill-indigo-600" />;
      })}
    </svg>
  );
}
