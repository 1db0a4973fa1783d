import { cn } from "#app/lib/cn.ts";
import type { NetworkId } from "#shared/networks.ts";

// A small mark per network beside an account's handle. Decorative: the network's name is in the
// text next to it. Lucide has no brand marks; these are plain letters in the networks' colours.
const MARKS: Record<NetworkId, { text: string; className: string }> = {
  x: { text: "X", className: "bg-black text-white" },
  linkedin: { text: "in", className: "bg-[#0a66c2] text-white" },
  bluesky: { text: "b", className: "bg-[#1185fe] text-white" },
  facebook: { text: "f", className: "bg-[#0866ff] text-white" },
  instagram: { text: "ig", className: "bg-[#c13584] text-white" },
  threads: { text: "@", className: "bg-black text-white" },
  mastodon: { text: "m", className: "bg-[#563acc] text-white" },
};

export function NetworkIcon({ network, className }: { network: NetworkId; className?: string }) {
  const mark = MARKS[network];
  return (
    <span
      aria-hidden
      className={cn(
        "inline-grid size-5 shrink-0 place-items-center rounded text-[11px] font-bold leading-none",
        mark.className,
        className,
      )}
    >
      {mark.text}
    </span>
  );
}
