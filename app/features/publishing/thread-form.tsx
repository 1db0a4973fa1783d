import { type FormEvent, useId, useState } from "react";
import { checkPostText } from "#shared/networks.ts";
import { ComposerEnd, useComposerState } from "./composer-parts.tsx";
import { PostLength } from "./post-text-field.tsx";
import { type ConnectedAccount, useCreateThread } from "./use-publishing.ts";

// The composer in thread mode (ADR 0066): one connected X account, the posts as they were
// written (each counted as X counts it), now or planned in the user's zone (ADR 0091). The server checks the
// same rules; its refusal shows here.
export function ThreadForm({
  accounts,
  posts,
  onDone,
}: {
  accounts: ConnectedAccount[];
  posts: string[];
  onDone: () => void;
}) {
  const id = useId();
  const create = useCreateThread();
  const usable = accounts.filter((account) => account.status === "connected");
  const [accountId, setAccountId] = useState(usable[0]?.id ?? "");
  const state = useComposerState("Thread", onDone);

  function submit(event: FormEvent) {
    event.preventDefault();
    state.setError(null);
    create.mutate({ accountId, posts, plannedFor: state.plannedForInput }, state.callbacks);
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">X-Konto</legend>
        {accounts.map((account) => (
          <label key={account.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-account`}
              value={account.id}
              className="size-4 accent-indigo-600"
              checked={accountId === account.id}
              disabled={account.status !== "connected"}
              onChange={() => setAccountId(account.id)}
            />
            {account.handle}
            {account.status === "connected" ? null : <span className="text-slate-600">({account.statusLabel})</span>}
          </label>
        ))}
      </fieldset>

      <section aria-label="Beiträge des Threads" className="grid gap-2">
        <h3 className="text-sm font-medium text-slate-800">{posts.length} Beiträge</h3>
        <ol className="grid max-h-72 gap-2 overflow-y-auto pr-1">
          {posts.map((text, index) => {
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the posts are fixed while the dialog is open.
              <li key={index} className="grid gap-1 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
                <span className="flex items-baseline justify-between gap-2 text-xs text-slate-600">
                  <span>
                    {index + 1}/{posts.length}
                  </span>
                  <PostLength check={checkPostText("x", text)} />
                </span>
                <p className="whitespace-pre-wrap break-words text-slate-800">{text}</p>
              </li>
            );
          })}
        </ol>
      </section>

      <ComposerEnd
        id={id}
        state={state}
        labels={{ now: "Thread veröffentlichen", planned: "Thread planen" }}
        submitDisabled={create.isPending || !accountId}
        onCancel={onDone}
      />
    </form>
  );
}
