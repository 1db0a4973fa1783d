import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import Link2 from "lucide-react/icons/link-2";
import Lock from "lucide-react/icons/lock";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Scissors from "lucide-react/icons/scissors";
import Send from "lucide-react/icons/send";
import Sparkles from "lucide-react/icons/sparkles";
import SpellCheck from "lucide-react/icons/spell-check";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { PublishButton } from "#app/features/composer/publish-button.tsx";
import { PublishThreadButton } from "#app/features/composer/publish-thread-button.tsx";
import { openSharePopup, xIntentUrl } from "#app/lib/share.ts";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard.ts";
import { OPTIMIZER_MESSAGES } from "#shared/optimizer.ts";
import { autoSplitThread, joinThread } from "#shared/x-thread.ts";
import type { useAiEdit } from "./use-ai-edit.ts";
import type { OptimizerDocument } from "./use-optimizer-document.ts";

// Appended by the link button; a reserved domain, so it is obviously a placeholder, and
// X counts it like any link (LINK_LENGTH characters).
const LINK_PLACEHOLDER = "https://example.com";

const THREAD_SHARE_HINT = "X kann über einen Link nur den ersten Post übernehmen.";
const SPLIT_BLANK = "Kein Text zum Aufteilen vorhanden.";

/** Thread mode's tools: split a pasted text into posts, number the posts. */
export function ThreadTools({ document }: { document: OptimizerDocument }) {
  const { text, setText, numbering, setNumbering } = document;
  function splitAutomatically() {
    if (!text.trim()) return void toast.error(SPLIT_BLANK);
    setText(joinThread(autoSplitThread(text, numbering)));
  }
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg bg-slate-50 p-3">
      <Button variant="outline" size="sm" onClick={splitAutomatically}>
        <Scissors aria-hidden />
        Automatisch aufteilen
      </Button>
      <div className="flex items-center gap-2">
        <Switch id="thread-numbering" checked={numbering} onCheckedChange={setNumbering} />
        <label htmlFor="thread-numbering" className="text-sm font-medium text-slate-800">
          Nummerierung 1/5
        </label>
      </div>
    </div>
  );
}

/** The row under the editor: link, the two AI actions and their reset, copy, share, publish. */
export function EditorActions({
  document,
  ai,
  aiLocked,
}: {
  document: OptimizerDocument;
  ai: ReturnType<typeof useAiEdit>;
  aiLocked: boolean;
}) {
  const { text, setText, isThread, outgoing } = document;
  const { copied, copy } = useCopyToClipboard();

  async function copyText() {
    if (!text.trim()) return void toast.error(OPTIMIZER_MESSAGES.copyBlank);
    // A thread goes to the clipboard with a blank line between its posts, numbers included.
    if (await copy(isThread ? joinThread(outgoing) : text)) toast.success(OPTIMIZER_MESSAGES.copyDone);
    else toast.error(OPTIMIZER_MESSAGES.copyFailed);
  }

  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => setText((current) => `${current.trimEnd()}${current.trim() ? " " : ""}${LINK_PLACEHOLDER}`)}
      >
        <Link2 aria-hidden />
        Link einfügen
      </Button>
      <Button variant="outline" size="sm" onClick={() => ai.run("grammar")} disabled={ai.busy !== null}>
        {aiLocked ? <Lock aria-hidden /> : <SpellCheck aria-hidden />}
        {ai.busy === "grammar" ? "Prüfe …" : "Grammatik prüfen"}
      </Button>
      <Button size="sm" onClick={() => ai.run("improve")} disabled={ai.busy !== null}>
        {aiLocked ? <Lock aria-hidden /> : <Sparkles aria-hidden />}
        {ai.busy === "improve" ? "Optimiere …" : "Mit KI verbessern"}
      </Button>
      {ai.original !== null ? (
        <Button variant="outline" size="sm" onClick={ai.reset}>
          <RotateCcw aria-hidden />
          Zurücksetzen
        </Button>
      ) : null}
      <Button variant="outline" size="sm" onClick={copyText}>
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? "Kopiert" : "Kopieren"}
      </Button>
      {/* X's share link takes one text, so a thread shares its first post only. */}
      <Button
        variant="outline"
        size="sm"
        onClick={() => openSharePopup(xIntentUrl(isThread ? (outgoing[0] ?? "") : text))}
        title={isThread ? THREAD_SHARE_HINT : undefined}
        aria-description={isThread ? THREAD_SHARE_HINT : undefined}
      >
        <Send aria-hidden />
        Auf X teilen
      </Button>
      {/* "Direktes Posten" (spec: the optimizer's feature card): to a connected X account. */}
      {isThread ? (
        // A thread is sent as a chain of replies; it takes two posts at least (ADR 0066).
        <PublishThreadButton posts={outgoing} address="du" buttonProps={{ disabled: outgoing.length < 2 }} />
      ) : (
        <PublishButton text={text} networks={["x"]} preferredNetwork="x" address="du" label="Auf X veröffentlichen" />
      )}
    </div>
  );
}
