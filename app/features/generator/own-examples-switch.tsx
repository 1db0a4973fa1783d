import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Switch } from "#app/components/ui/switch.tsx";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { Platform } from "#shared/generator.ts";
import { NETWORKS } from "#shared/networks.ts";
import {
  describeExampleFigure,
  OWN_EXAMPLES_MIN,
  OWN_RESULTS_MESSAGES,
  tooFewExamplesMessage,
} from "#shared/own-results.ts";

// ADR 0114: "Schreibe wie meine erfolgreichsten Beiträge". Off until the user turns it on; the
// position is remembered in the profile. Before generating the user sees which posts the server
// would take; below OWN_EXAMPLES_MIN posts with figures the switch is off with the reason.

const OWN_EXAMPLES_QUERY_KEY = ["generator", "own-examples"] as const;

function useOwnExamples(platform: Platform) {
  return useQuery({
    queryKey: [...OWN_EXAMPLES_QUERY_KEY, platform],
    queryFn: async () => jsonOrThrow(await api.generator["own-examples"].$get({ query: { platform } })),
  });
}

export function OwnExamplesSwitch({
  platform,
  demo,
  disabled,
  onActiveChange,
}: {
  platform: Platform;
  demo: boolean;
  disabled: boolean;
  /** Whether the next run sends useOwnExamples: switched on and examples to send. */
  onActiveChange: (active: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const { data, isError } = useOwnExamples(platform);
  // What the user just chose, until the server's answer has it too.
  const [choice, setChoice] = useState<boolean | null>(null);
  const remember = useMutation({
    mutationFn: async (enabled: boolean) =>
      jsonOrThrow(await api.generator["own-examples"].$put({ json: { enabled } })),
    onError: (error) => {
      setChoice(null);
      toast.error("Fehler", { description: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_EXAMPLES_QUERY_KEY }),
  });

  const available = data ? data.postsWithFigures >= OWN_EXAMPLES_MIN && data.examples.length > 0 : false;
  const checked = available && (choice ?? data?.enabled ?? false);
  useEffect(() => onActiveChange(checked), [checked, onActiveChange]);

  let hint: string = OWN_RESULTS_MESSAGES.switchHint;
  if (isError) hint = OWN_RESULTS_MESSAGES.loadFailed;
  else if (!data) hint = "Ihre Beiträge mit Kennzahlen werden geladen …";
  else if (!available) hint = tooFewExamplesMessage(data.postsWithFigures);

  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="own-examples">
      <div className="flex items-start gap-3">
        <Switch
          id="own-examples"
          checked={checked}
          disabled={disabled || !available || remember.isPending}
          aria-describedby="own-examples-hint"
          onCheckedChange={(enabled) => {
            setChoice(enabled);
            remember.mutate(enabled);
          }}
        />
        <div className="grid gap-1">
          <label htmlFor="own-examples" className="text-sm font-medium text-slate-900">
            {OWN_RESULTS_MESSAGES.switchLabel}
          </label>
          {checked ? null : (
            <p id="own-examples-hint" className="text-sm text-slate-600">
              {hint}
            </p>
          )}
        </div>
      </div>
      {checked && data ? (
        <div className="mt-3 grid gap-2" id="own-examples-hint">
          <p className="text-sm text-slate-700">Diese Beiträge gehen als Beispiele an die KI:</p>
          {data.scope === "all" ? <p className="text-xs text-slate-600">{OWN_RESULTS_MESSAGES.scopeAll}</p> : null}
          <ul aria-label="Ihre Beispiele" className="grid gap-2">
            {data.examples.map((example) => (
              <li key={example.publicationId} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm">
                <span className="block break-words text-slate-900">{example.excerpt}</span>
                <span className="mt-1 block text-xs text-slate-600">
                  {NETWORKS[example.network].label} · {describeExampleFigure(example)}
                </span>
              </li>
            ))}
          </ul>
          {demo ? <p className="text-xs text-amber-800">{OWN_RESULTS_MESSAGES.demoNote}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
