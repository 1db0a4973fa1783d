import { cn } from "#app/lib/cn.ts";
import { POST_LENGTH_MAX, POST_LENGTH_MIN } from "#shared/optimizer.ts";

// Spec section 2: "n/POST_LENGTH_MAX", red above it, yellow below POST_LENGTH_MIN, green otherwise.
function counterTone(adjustedLength: number): "red" | "yellow" | "green" {
  if (adjustedLength > POST_LENGTH_MAX) return "red";
  if (adjustedLength < POST_LENGTH_MIN) return "yellow";
  return "green";
}

const TONE_CLASSES = {
  red: "bg-red-100 text-red-800",
  yellow: "bg-amber-100 text-amber-900",
  green: "bg-emerald-100 text-emerald-800",
} as const;

export function LengthCounter({ adjustedLength }: { adjustedLength: number }) {
  const tone = counterTone(adjustedLength);
  return (
    <output
      htmlFor="post-text"
      data-tone={tone}
      aria-label={`${adjustedLength} von ${POST_LENGTH_MAX} Zeichen`}
      className={cn("rounded-full px-3 py-1 text-sm font-semibold tabular-nums", TONE_CLASSES[tone])}
    >
      {adjustedLength}/{POST_LENGTH_MAX}
    </output>
  );
}
