import {
  DRAFT_AUTOSAVE_DELAY_MS,
  type DraftContent,
  type DraftSaveState,
  type DraftSource,
  type DraftView,
  isEmptyDraft,
} from "#shared/drafts.ts";

// The autosave without React (ADR 0084), so its rules are tested with fake timers: every change is
// kept in localStorage at once (a crash or reload of the tab loses nothing), and saved on the
// server after a pause in typing; a failed save is tried again with a growing wait, a save refused
// as stale (409) is not, since it would overwrite what another tab wrote.

/** The local copy of one editor's document ("slot"): what was typed last and whether the server has it. */
export type LocalCopy = {
  draftId: string | null;
  revision: number | null;
  source: DraftSource;
  value: DraftContent;
  changedAt: number;
  saved: boolean;
};

export type DraftApi = {
  create(source: DraftSource, content: DraftContent, options?: { keepalive?: boolean }): Promise<DraftView>;
  save(
    id: string,
    body: { content: DraftContent; revision: number; source: DraftSource },
    options?: { keepalive?: boolean },
  ): Promise<DraftView>;
};

/** Thrown by DraftApi for a stale revision (409 DRAFT_CONFLICT). */
export class DraftConflict extends Error {}

const STORAGE_PREFIX = "postwerk.entwurf.";
const RETRY_MAX_MS = 30_000;

export function storageKey(slot: string): string {
  return `${STORAGE_PREFIX}${slot}`;
}

export function readLocalCopy(storage: Storage | null, slot: string): LocalCopy | null {
  try {
    const raw = storage?.getItem(storageKey(slot));
    if (!raw) return null;
    const copy = JSON.parse(raw) as LocalCopy;
    return copy && typeof copy === "object" && copy.value && typeof copy.saved === "boolean" ? copy : null;
  } catch {
    return null;
  }
}

function writeLocalCopy(storage: Storage | null, slot: string, copy: LocalCopy): void {
  try {
    storage?.setItem(storageKey(slot), JSON.stringify(copy));
  } catch {
    // Full or forbidden storage: the server save still runs.
  }
}

export function clearLocalCopy(storage: Storage | null, slot: string): void {
  try {
    storage?.removeItem(storageKey(slot));
  } catch {}
}

/**
 * The unsaved local copy worth offering back when an editor opens: one the server does not have
 * and that differs from what the editor shows now.
 */
export function restorableCopy(storage: Storage | null, slot: string, shown: DraftContent): LocalCopy | null {
  const copy = readLocalCopy(storage, slot);
  if (!copy || copy.saved || isEmptyDraft(copy.value)) return null;
  return sameContent(copy.value, shown) ? null : copy;
}

export function sameContent(a: DraftContent, b: DraftContent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

type Timers = { setTimeout: (run: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };

export type DraftSaverOptions = {
  slot: string;
  source: DraftSource;
  draftId: string | null;
  revision: number | null;
  /** What the server holds now (the loaded draft), or the empty document. */
  value: DraftContent;
  api: DraftApi;
  storage: Storage | null;
  onState: (state: DraftSaveState) => void;
  /** A new draft got its id (the optimizer puts it into the address). */
  onCreated?: (draft: DraftView) => void;
  delayMs?: number;
  timers?: Timers;
  now?: () => number;
};

export class DraftSaver {
  draftId: string | null;
  revision: number | null;
  private source: DraftSource;
  private value: DraftContent;
  private savedKey: string;
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private stopped = false;
  private conflict = false;
  private readonly timers: Timers;
  private readonly options: DraftSaverOptions;

  constructor(options: DraftSaverOptions) {
    this.options = options;
    this.draftId = options.draftId;
    this.revision = options.revision;
    this.source = options.source;
    this.value = options.value;
    // What the editor opened with is where it starts: a text brought from the generator or the
    // archive (kept there) becomes a draft only once it is changed, so opening is no new draft.
    this.savedKey = this.keyOf(options.source, options.value);
    this.timers = options.timers ?? {
      setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    };
  }

  private keyOf(source: DraftSource, value: DraftContent): string {
    return JSON.stringify([source, value]);
  }

  get dirty(): boolean {
    return this.keyOf(this.source, this.value) !== this.savedKey;
  }

  /** Another document (a restored copy of another draft): saves go there from now on. */
  adopt(draftId: string | null, revision: number | null): void {
    this.draftId = draftId;
    this.revision = revision;
    this.conflict = false;
  }

  change(value: DraftContent, source: DraftSource = this.source): void {
    if (this.stopped) return;
    this.value = value;
    this.source = source;
    if (!this.dirty) return;
    // A new document with nothing in it yet is neither kept nor saved.
    if (this.draftId === null && isEmptyDraft(value)) return;
    writeLocalCopy(this.options.storage, this.options.slot, {
      draftId: this.draftId,
      revision: this.revision,
      source,
      value,
      changedAt: (this.options.now ?? Date.now)(),
      saved: false,
    });
    if (this.conflict) return;
    this.schedule(this.options.delayMs ?? DRAFT_AUTOSAVE_DELAY_MS);
  }

  private schedule(ms: number): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** Saves now what is not saved yet; waits for a save already running first. */
  async flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.running) await this.running;
    if (!this.dirty || this.conflict) return;
    if (this.draftId === null && isEmptyDraft(this.value)) return;
    this.running = this.save(options).finally(() => {
      this.running = null;
    });
    await this.running;
  }

  private async save(options: { keepalive?: boolean }): Promise<void> {
    const { api, storage, slot } = this.options;
    const value = this.value;
    const source = this.source;
    this.options.onState("saving");
    try {
      const draft =
        this.draftId === null || this.revision === null
          ? await api.create(source, value, options)
          : await api.save(this.draftId, { content: value, revision: this.revision, source }, options);
      const created = this.draftId === null;
      this.draftId = draft.id;
      this.revision = draft.revision;
      this.savedKey = this.keyOf(source, value);
      this.failures = 0;
      writeLocalCopy(storage, slot, {
        draftId: draft.id,
        revision: draft.revision,
        source: this.source,
        value: this.value,
        changedAt: (this.options.now ?? Date.now)(),
        saved: !this.dirty,
      });
      if (created) this.options.onCreated?.(draft);
      if (this.dirty && !this.stopped) this.schedule(this.options.delayMs ?? DRAFT_AUTOSAVE_DELAY_MS);
      else this.options.onState("saved");
    } catch (error) {
      if (error instanceof DraftConflict) {
        this.conflict = true;
        this.options.onState("conflict");
        return;
      }
      this.failures += 1;
      this.options.onState("error");
      if (!this.stopped) this.schedule(Math.min(RETRY_MAX_MS, 1000 * 2 ** this.failures));
    }
  }

  /**
   * The document became posts (the server deleted the draft in the same transaction): nothing is
   * saved any more, and the local copy goes, so it is not offered back.
   */
  finish(): void {
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    this.stopped = true;
    this.savedKey = this.keyOf(this.source, this.value);
    clearLocalCopy(this.options.storage, this.options.slot);
  }

  /** The editor closes: what is not saved goes out now; the local copy stays until it is. */
  stop(): Promise<void> {
    const done = this.flush();
    this.stopped = true;
    return done;
  }
}
