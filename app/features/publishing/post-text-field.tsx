import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/lib/cn.ts";
import type { NetworkId } from "#shared/networks.ts";
import { checkPostText, type PostTextCheck } from "#shared/post-length.ts";

const numberFormat = new Intl.NumberFormat("de-DE");

/**
 * A post's text for one network with its live counter, measured by the network's own rule
 * (X weighted, LinkedIn characters, Bluesky graphemes) from the table the server checks too.
 */
export function PostTextField({
  id,
  label,
  network,
  maxLength,
  contentWarning,
  value,
  onChange,
}: {
  id: string;
  label: string;
  network: NetworkId;
  /** The account's own limit where its server sets one (a Mastodon instance, ADR 0095). */
  maxLength?: number | null;
  /** Mastodon counts the post's content warning toward its limit (ADR 0095). */
  contentWarning?: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  const check = checkPostText(network, value, maxLength, contentWarning);
  const counterId = `${id}-counter`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={5}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={!check.fits || undefined}
        aria-describedby={counterId}
      />
      <PostLength id={counterId} check={check} className="text-right" />
    </div>
  );
}

/** "123 / 280 Zeichen", or "Zu lang: …" in red. */
export function PostLength({ id, check, className }: { id?: string; check: PostTextCheck; className?: string }) {
  return (
    <p
      id={id}
      data-testid="post-length"
      className={cn("text-xs tabular-nums", check.fits ? "text-slate-600" : "font-semibold text-red-700", className)}
    >
      {check.fits ? null : "Zu lang: "}
      {numberFormat.format(check.length)} / {numberFormat.format(check.max)} Zeichen
    </p>
  );
}
