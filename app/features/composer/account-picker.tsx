import { useId } from "react";
import { NetworkIcon } from "#app/features/publishing/network-icon.tsx";
import type { ConnectedAccount } from "#app/features/publishing/use-publishing.ts";

// The composer's accounts (ADR 0086): every connected account with its network's mark and handle;
// one that must be connected again is shown, disabled, with the reason.
export function AccountPicker({
  accounts,
  chosen,
  onToggle,
}: {
  accounts: ConnectedAccount[];
  chosen: string[];
  onToggle: (accountId: string, on: boolean) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Konten</legend>
      <div className="flex flex-wrap gap-2">
        {accounts.map((account) => {
          const checkboxId = `${id}-${account.id}`;
          const usable = account.status === "connected";
          return (
            <div
              key={account.id}
              className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50"
            >
              <input
                id={checkboxId}
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={usable && chosen.includes(account.id)}
                disabled={!usable}
                onChange={(event) => onToggle(account.id, event.target.checked)}
              />
              <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm text-slate-800">
                <NetworkIcon network={account.network} />
                <span>
                  <span className="sr-only">{account.networkLabel} · </span>
                  {account.handle}
                  {usable ? null : <span className="text-slate-600"> ({account.statusLabel})</span>}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
