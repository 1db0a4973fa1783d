import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { CenteredSpinner } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { NetworkIcon } from "#app/features/publishing/network-icon.tsx";
import { CONNECTIONS_QUERY_KEY } from "#app/features/publishing/use-publishing.ts";
import { api, jsonOrThrow } from "#app/lib/api.ts";

// The choose step of one login with several accounts (ADR 0096): after the Meta login the user
// ticks the Facebook pages and the Instagram accounts linked to them that Postwerk may post to.

export function AccountChoice({ choice, onDone }: { choice: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const offered = useQuery({
    queryKey: ["connection-choices", choice],
    queryFn: async () => jsonOrThrow(await api.connections.choices[":choice"].$get({ param: { choice } })),
    retry: false,
  });
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const choose = useMutation({
    mutationFn: async (accounts: string[]) =>
      jsonOrThrow(await api.connections.choices[":choice"].$post({ param: { choice }, json: { accounts } })),
    onSuccess: async ({ connected }) => {
      await queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY });
      toast.success(connected.length === 1 ? "Konto verbunden." : `${connected.length} Konten verbunden.`);
      onDone();
    },
    onError: (error) => toast.error(error.message),
  });

  if (offered.isPending) return <CenteredSpinner className="py-4" />;
  if (offered.isError)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        {offered.error.message}
      </p>
    );
  const accounts = offered.data.accounts;
  const selected = picked ?? new Set(accounts.map((account) => account.key));
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setPicked(next);
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    choose.mutate([...selected]);
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-indigo-200 bg-indigo-50/50 p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold text-slate-900">Welche Seiten und Konten soll Postwerk verbinden?</legend>
        {accounts.length === 0 ? (
          <p className="text-sm text-slate-700">
            Meta hat keine Facebook-Seite genannt. Bitte erlauben Sie beim Anmelden den Zugriff auf mindestens eine
            Seite.
          </p>
        ) : (
          accounts.map((account) => (
            <label
              key={account.key}
              className={`flex items-center gap-3 rounded-md bg-white p-2 text-sm ${account.linkedTo ? "ml-6" : ""}`}
            >
              <input
                type="checkbox"
                className="size-4"
                checked={selected.has(account.key)}
                onChange={() => toggle(account.key)}
              />
              <NetworkIcon network={account.network} />
              <span className="grid">
                <span className="font-medium text-slate-900">{account.displayName}</span>
                <span className="text-slate-600">
                  {account.label}
                  {account.linkedTo ? ` · ${account.handle}, mit der Seite darüber verknüpft` : ""}
                </span>
              </span>
            </label>
          ))
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={selected.size === 0 || choose.isPending}>
          Ausgewählte verbinden
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
