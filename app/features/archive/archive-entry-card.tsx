import { Check, Copy, Info, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { LanguageFlag } from "#app/features/generator/language-flag.tsx";
import { networkOfPlatform } from "#app/features/publishing/network-of-platform.ts";
import { PublishButton } from "#app/features/publishing/publish-button.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard.ts";
import { ARCHIVE_MESSAGES, describeArchiveProvenance } from "#shared/archive.ts";
import {
  GENERATOR_MESSAGES,
  LANGUAGE_LABELS,
  LANGUAGES,
  type Language,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  TONE_LABELS,
  TONES,
  type Tone,
} from "#shared/generator.ts";
import type { ArchiveEntry } from "./use-archive.ts";

const isPlatform = (value: string): value is Platform => (PLATFORMS as readonly string[]).includes(value);
const isTone = (value: string): value is Tone => (TONES as readonly string[]).includes(value);
const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

function ArchivedPost({ text, index, entry }: { text: string; index: number; entry: ArchiveEntry }) {
  const { copied, copy } = useCopyToClipboard();
  async function copyText() {
    if (await copy(text)) toast.success(ARCHIVE_MESSAGES.copied);
    else toast.error(ARCHIVE_MESSAGES.copyFailed);
  }
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-start">
      <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-sm text-slate-800">{text}</p>
      <div className="flex flex-wrap gap-2 self-start">
        <Button size="sm" variant="outline" onClick={copyText} aria-label={`Beitrag ${index + 1} kopieren`}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Kopiert" : "Kopieren"}
        </Button>
        <PublishButton
          text={text}
          archiveEntryId={entry.id}
          imageUrl={entry.imageUrl}
          preferredNetwork={networkOfPlatform(entry.platform)}
          buttonProps={{ "aria-label": `Beitrag ${index + 1} veröffentlichen` }}
        />
      </div>
    </li>
  );
}

// One archived run (spec section 2 "Archive screen"): when, for where, what was asked,
// the three posts, and delete with a confirmation.
export function ArchiveEntryCard({
  entry,
  onDelete,
  deleting,
}: {
  entry: ArchiveEntry;
  onDelete: (id: string) => Promise<boolean>;
  deleting: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const headingId = `entry-${entry.id}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="archive-entry"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </h2>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <Badge>{isPlatform(entry.platform) ? PLATFORM_LABELS[entry.platform] : entry.platform}</Badge>
            <Badge tone="slate">{isTone(entry.tone) ? TONE_LABELS[entry.tone] : entry.tone}</Badge>
            <Badge tone="slate">
              {isLanguage(entry.language) ? (
                <>
                  <LanguageFlag language={entry.language} />
                  {LANGUAGE_LABELS[entry.language]}
                </>
              ) : (
                entry.language
              )}
            </Badge>
            {entry.demo ? <Badge tone="amber">{GENERATOR_MESSAGES.demoMode}</Badge> : null}
          </div>
          {/* ADR 0025 (EU AI Act Art. 50): how the entry came about, beside the posts, never in them. */}
          <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600" data-testid="archive-provenance">
            <Info className="size-3.5 shrink-0" aria-hidden />
            {describeArchiveProvenance(entry)}
          </p>
        </div>
        <Button variant="destructiveGhost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          Löschen
        </Button>
      </div>
      <div className="mt-4">
        <h3 className="text-sm font-medium text-slate-600">Stichwörter</h3>
        <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{entry.keyPoints}</p>
        {entry.website ? (
          <p className="mt-1 truncate text-sm text-slate-600">
            Website: <span className="text-slate-800">{entry.website}</span>
          </p>
        ) : null}
      </div>
      <ul className="mt-4 grid gap-3">
        {entry.posts.map((post, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: posts of an entry never change order.
          <ArchivedPost key={index} text={post} index={index} entry={entry} />
        ))}
      </ul>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogHeader>
          <DialogTitle>Eintrag löschen?</DialogTitle>
          <DialogDescription>
            Der Eintrag vom {formatDateTime(entry.createdAt)} mit allen Beiträgen wird endgültig gelöscht.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Abbrechen
          </Button>
          <Button
            variant="destructive"
            disabled={deleting}
            onClick={async () => {
              if (await onDelete(entry.id)) setConfirming(false);
            }}
          >
            Endgültig löschen
          </Button>
        </DialogFooter>
      </Dialog>
    </article>
  );
}
