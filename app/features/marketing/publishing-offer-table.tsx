import { api } from "#app/lib/api.ts";
import { oncePerPage, useLoadedOnce } from "#app/lib/once-per-page.ts";
import type { PublishingCap, PublishingOffer } from "#shared/publishing-caps.ts";

// /preise: what each plan includes for publishing. The operator sets the caps in the admin area,
// so they are read when the page is shown, not when it was built; only types come from shared/
// (its modules would bring X's counting rules into a marketing page).

async function loadOffer(): Promise<PublishingOffer | null> {
  try {
    const response = await api["publishing-offer"].$get();
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
const loadOfferOnce = oncePerPage(loadOffer);

function capLabel(cap: PublishingCap): string {
  if (cap === null) return "Unbegrenzt";
  if (cap === 0) return "Nicht enthalten";
  return `Bis zu ${cap.toLocaleString("de-DE")} Beiträge im Monat`;
}

export function PublishingOfferTable() {
  const offer = useLoadedOnce(loadOfferOnce);
  if (offer === undefined) {
    return (
      <p className="h-40 animate-pulse rounded-xl bg-slate-100 p-4 text-slate-500" aria-busy="true">
        Kontingente werden geladen …
      </p>
    );
  }
  if (offer === null) {
    return (
      <p className="rounded-xl border border-slate-200 p-4 text-slate-700">
        Die Kontingente je Plan konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.
      </p>
    );
  }
  const networks = offer.networks.filter((network) => network.configured);
  if (networks.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 p-4 text-slate-700">
        Auf dieser Installation ist noch kein Netzwerk zum Veröffentlichen eingerichtet.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Beiträge im Monat je Plan und Netzwerk</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="p-3 font-semibold">
              Netzwerk
            </th>
            {offer.plans.map((plan) => (
              <th key={plan.id} scope="col" className="p-3 font-semibold">
                {plan.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700">
          {networks.map((network) => (
            <tr key={network.id}>
              <th scope="row" className="p-3 font-medium text-slate-900">
                {network.label}
              </th>
              {offer.plans.map((plan) => (
                <td key={plan.id} className="p-3">
                  {capLabel(plan.caps[network.id])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
