import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";
import { IMAGE_PREVIEW_ASPECT } from "#shared/media.ts";
import type { NetworkId } from "#shared/networks.ts";

// What the three previews share (ADR 0086): the text with its line breaks, the first link as a
// card (each network makes one only for a post without an image), the image cropped to the
// network's feed format, an avatar. No network is asked: the card shows the address, not its title.

export type PreviewProps = {
  /** The account as it appears: display name and handle. */
  name: string;
  handle: string;
  /** One post, or a thread's posts in order. */
  posts: string[];
  image: { url: string; alt: string } | null;
  /** Mastodon's content warning (ADR 0095); the other networks take none. */
  contentWarning?: string | null;
};

const URL_PATTERN = /https?:\/\/[^\s<>"]+/i;

/** The first web address in a text, without the punctuation that ends the sentence around it. */
export function firstUrl(text: string): URL | null {
  const match = URL_PATTERN.exec(text)?.[0]?.replace(/[.,;:!?)\]}'"»“]+$/, "");
  if (!match) return null;
  try {
    return new URL(match);
  } catch {
    return null;
  }
}

export function PreviewText({ text, className }: { text: string; className?: string }) {
  return <p className={cn("whitespace-pre-wrap break-words", className)}>{text}</p>;
}

export function LinkCard({ url, className }: { url: URL; className?: string }) {
  return (
    <div data-testid="link-card" className={cn("overflow-hidden rounded-xl border border-slate-200", className)}>
      <div className="grid aspect-[1.91] place-items-center bg-slate-100 text-xs text-slate-500">
        {url.hostname.replace(/^www\./, "")}
      </div>
      <div className="grid gap-0.5 p-2 text-xs">
        <span className="text-slate-600">{url.hostname.replace(/^www\./, "")}</span>
        <span className="truncate font-medium text-slate-900">{`${url.hostname}${url.pathname === "/" ? "" : url.pathname}`}</span>
      </div>
    </div>
  );
}

/** The image as the network's feed crops a single one. */
export function PreviewImage({
  image,
  network,
  className,
}: {
  image: { url: string; alt: string };
  network: NetworkId;
  className?: string;
}) {
  return (
    <div
      data-testid="preview-image"
      className={cn("overflow-hidden border border-slate-200 bg-slate-100", className)}
      style={{ aspectRatio: String(IMAGE_PREVIEW_ASPECT[network]) }}
    >
      <img src={image.url} alt={image.alt} className="size-full object-cover" />
    </div>
  );
}

const AVATAR_TONES = {
  slate: "bg-slate-300 text-slate-800",
  sky: "bg-sky-200 text-sky-900",
  blue: "bg-blue-100 text-blue-900",
  violet: "bg-violet-200 text-violet-900",
};

export function Avatar({
  name,
  tone = "slate",
  large = false,
}: {
  name: string;
  tone?: keyof typeof AVATAR_TONES;
  large?: boolean;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        "grid shrink-0 place-items-center rounded-full text-sm font-semibold",
        large ? "size-12" : "size-10",
        AVATAR_TONES[tone],
      )}
    >
      {(name.replace(/^@/, "")[0] ?? "?").toUpperCase()}
    </span>
  );
}

/** A network's preview box, labelled for screen readers as what it is. */
export function PreviewFrame({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <figure
      aria-label={label}
      className={cn("min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white", className)}
    >
      {children}
    </figure>
  );
}

/** What a post shows below its text: the image, else the first link's card. */
export function Attachment({
  text,
  image,
  network,
  imageClassName,
}: {
  text: string;
  image: PreviewProps["image"];
  network: NetworkId;
  imageClassName?: string;
}) {
  if (image) return <PreviewImage image={image} network={network} className={imageClassName} />;
  const url = firstUrl(text);
  return url ? <LinkCard url={url} className="mt-2" /> : null;
}
