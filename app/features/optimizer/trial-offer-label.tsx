import { WithQueryClient } from "#app/lib/query-client-provider.tsx";
import { trialOfferLabel } from "./trial-offer.ts";
import { useOptimizerAccess } from "./use-optimizer.ts";

function Label() {
  const { data } = useOptimizerAccess();
  return <>{trialOfferLabel(data)}</>;
}

/** The call to action of a signed-in visitor, after their access (loaded with the tool, ADR 0032). */
export function TrialOfferLabel() {
  return (
    <WithQueryClient>
      <Label />
    </WithQueryClient>
  );
}
