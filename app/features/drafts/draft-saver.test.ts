import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRAFT_AUTOSAVE_DELAY_MS, type DraftContent, type DraftView, EMPTY_DRAFT_CONTENT } from "#shared/drafts.ts";
import { type DraftApi, DraftConflict, DraftSaver, readLocalCopy, restorableCopy } from "./draft-saver.ts";

// The autosave's rules (ADR 0084) with fake timers: debounced saves, a local copy on every change,
// retries after a failure, no retry over a stale revision, a flush when the editor closes.

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const text = (value: string): DraftContent => ({ ...EMPTY_DRAFT_CONTENT, text: value });

function fakeApi() {
  const calls: { kind: "create" | "save"; content: DraftContent; revision?: number; keepalive?: boolean }[] = [];
  let revision = 0;
  let failNext = 0;
  let conflict = false;
  const view = (content: DraftContent): DraftView => ({
    id: "d-1",
    source: "optimizer",
    content,
    revision: ++revision,
    networks: [],
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
  });
  const api: DraftApi = {
    async create(_source, content, options) {
      calls.push({ kind: "create", content, keepalive: options?.keepalive });
      if (failNext > 0 && failNext--) throw new Error("offline");
      return view(content);
    },
    async save(_id, body, options) {
      calls.push({ kind: "save", content: body.content, revision: body.revision, keepalive: options?.keepalive });
      if (conflict) throw new DraftConflict("stale");
      if (failNext > 0 && failNext--) throw new Error("offline");
      return view(body.content);
    },
  };
  return {
    api,
    calls,
    failTimes: (n: number) => (failNext = n),
    conflictFromNowOn: () => (conflict = true),
  };
}

let storage: MemoryStorage;
let states: string[];
beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
  states = [];
});
afterEach(() => {
  vi.useRealTimers();
});

function saverWith(api: DraftApi, draftId: string | null = null, revision: number | null = null) {
  return new DraftSaver({
    slot: "optimizer",
    source: "optimizer",
    draftId,
    revision,
    value: EMPTY_DRAFT_CONTENT,
    api,
    storage,
    onState: (state) => states.push(state),
  });
}

describe("DraftSaver", () => {
  it("keeps every change locally at once and saves once after a pause in typing", async () => {
    const server = fakeApi();
    const saver = saverWith(server.api);
    saver.change(text("H"));
    saver.change(text("Ha"));
    saver.change(text("Hallo"));
    expect(readLocalCopy(storage, "optimizer")).toMatchObject({ value: text("Hallo"), saved: false, draftId: null });
    expect(server.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS - 1);
    expect(server.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toEqual([{ kind: "create", content: text("Hallo"), keepalive: undefined }]);
    expect(states).toEqual(["saving", "saved"]);
    expect(readLocalCopy(storage, "optimizer")).toMatchObject({ draftId: "d-1", revision: 1, saved: true });

    saver.change(text("Hallo Welt"));
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS);
    expect(server.calls[1]).toMatchObject({ kind: "save", revision: 1, content: text("Hallo Welt") });
  });

  it("does not save an empty new document, nor a value already saved", async () => {
    const server = fakeApi();
    const saver = saverWith(server.api);
    saver.change(text("   "));
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS * 2);
    expect(server.calls).toEqual([]);
    expect(readLocalCopy(storage, "optimizer")).toBeNull();
    const opened = saverWith(server.api, "d-1", 4);
    opened.change(EMPTY_DRAFT_CONTENT);
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS * 2);
    expect(server.calls).toEqual([]);
  });

  it("tries again after a failure, waiting longer each time, and says so", async () => {
    const server = fakeApi();
    server.failTimes(2);
    const saver = saverWith(server.api);
    saver.change(text("Wichtig"));
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS);
    expect(states).toEqual(["saving", "error"]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(states).toEqual(["saving", "error", "saving", "error"]);
    await vi.advanceTimersByTimeAsync(3999);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(states.at(-1)).toBe("saved");
    expect(readLocalCopy(storage, "optimizer")?.saved).toBe(true);
  });

  it("stops saving over a stale revision and keeps the text locally", async () => {
    const server = fakeApi();
    const saver = saverWith(server.api, "d-1", 3);
    server.conflictFromNowOn();
    saver.change(text("Aus Tab B"));
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS);
    expect(states).toEqual(["saving", "conflict"]);
    saver.change(text("Aus Tab B, weiter"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    expect(readLocalCopy(storage, "optimizer")).toMatchObject({ value: text("Aus Tab B, weiter"), saved: false });
  });

  it("saves what is left at once when the editor closes or the page is left", async () => {
    const server = fakeApi();
    const saver = saverWith(server.api);
    saver.change(text("Schnell weg"));
    await saver.flush({ keepalive: true });
    expect(server.calls).toEqual([{ kind: "create", content: text("Schnell weg"), keepalive: true }]);
    saver.change(text("Schnell weg!"));
    await saver.stop();
    expect(server.calls[1]).toMatchObject({ kind: "save", content: text("Schnell weg!") });
    saver.change(text("Nach dem Schließen"));
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS * 2);
    expect(server.calls).toHaveLength(2);
  });

  it("saves nothing more once the document was planned, and offers no copy back", async () => {
    const server = fakeApi();
    const saver = saverWith(server.api);
    saver.change(text("Wird geplant"));
    await saver.flush();
    saver.change(text("Wird geplant, noch getippt"));
    // Planned with its draft: the server deleted the draft in that transaction.
    saver.finish();
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS * 2);
    await saver.stop();
    expect(server.calls).toHaveLength(1);
    expect(readLocalCopy(storage, "optimizer")).toBeNull();
    expect(restorableCopy(storage, "optimizer", EMPTY_DRAFT_CONTENT)).toBeNull();
  });

  it("offers back a local copy the server never got, and only that", async () => {
    const server = fakeApi();
    server.failTimes(99);
    const saver = saverWith(server.api);
    saver.change(text("Vor dem Absturz"));
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS);
    // The tab crashed here; the next one opens with the server's (empty) document.
    expect(restorableCopy(storage, "optimizer", EMPTY_DRAFT_CONTENT)?.value).toEqual(text("Vor dem Absturz"));
    expect(restorableCopy(storage, "optimizer", text("Vor dem Absturz"))).toBeNull();
    expect(restorableCopy(storage, "anderer-editor", EMPTY_DRAFT_CONTENT)).toBeNull();
  });
});

describe("DraftSaver opened with a text brought along", () => {
  it("makes it a draft only once it is changed", async () => {
    const server = fakeApi();
    const saver = new DraftSaver({
      slot: "optimizer",
      source: "optimizer",
      draftId: null,
      revision: null,
      value: text("Aus dem Generator"),
      api: server.api,
      storage,
      onState: (state) => states.push(state),
    });
    saver.change(text("Aus dem Generator"));
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS * 2);
    expect(server.calls).toEqual([]);
    saver.change(text("Aus dem Generator, bearbeitet"));
    await vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_DELAY_MS);
    expect(server.calls).toEqual([
      { kind: "create", content: text("Aus dem Generator, bearbeitet"), keepalive: undefined },
    ]);
  });
});
