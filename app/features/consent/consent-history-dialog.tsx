import { useQuery } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { formatDate, formatDateTime } from "#app/lib/format.ts";
import { WithQueryClient } from "#app/lib/query-client-provider.tsx";
import { CONSENT_CATEGORY_TEXTS, type ConsentCategory } from "#shared/consent.ts";
import { exportConsentHistory } from "./consent-actions.ts";
import { type ConsentHistoryEntry, fetchConsentHistory, logConsentProblem } from "./consent-api.ts";

// Spec section 2: the columns between "IP-Adresse" and "Gültig bis", in this order.
const CATEGORY_COLUMNS: readonly ConsentCategory[] = ["essential", "analytics", "authentication", "ai_services"];

// "Cookie-Einstellungen Verlauf" (spec section 2): the visitor's own saved choices, newest
// first. Mounted while it is open.
export function ConsentHistoryDialog({ onClose }: { onClose: () => void }) {
  // Also opened on the marketing pages, which have no query client of their own (ADR 0031).
  return (
    <WithQueryClient>
      <ConsentHistoryDialogContent onClose={onClose} />
    </WithQueryClient>
  );
}

function ConsentHistoryDialogContent({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} width="wide">
      <DialogHeader>
        <DialogTitle>Cookie-Einstellungen Verlauf</DialogTitle>
        <DialogDescription>
          Jede gespeicherte Auswahl mit Datum und der Adresse, von der sie kam. Die neueste steht oben.
        </DialogDescription>
      </DialogHeader>
      <div>
        <Button variant="outline" onClick={exportConsentHistory}>
          <Download aria-hidden />
          Exportieren
        </Button>
      </div>
      <ConsentHistoryTable />
    </Dialog>
  );
}

// Spec section 8: a failure to load the history is only logged; the list stays empty.
async function loadConsentHistory(): Promise<ConsentHistoryEntry[]> {
  try {
    return await fetchConsentHistory();
  } catch (error) {
    logConsentProblem("Cookie-Verlauf konnte nicht geladen werden", error);
    return [];
  }
}

function ConsentHistoryTable() {
  // Read afresh each time the dialog opens (spec section 7).
  const history = useQuery({ queryKey: ["consent", "history"], queryFn: loadConsentHistory, gcTime: 0 });
  if (history.isPending) return <Spinner label="Verlauf wird geladen..." />;
  const entries = history.data ?? [];
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">Es sind noch keine Cookie-Einstellungen gespeichert.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Datum
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              IP-Adresse
            </th>
            {CATEGORY_COLUMNS.map((category) => (
              <th key={category} scope="col" className="px-3 py-2 font-medium">
                {CONSENT_CATEGORY_TEXTS[category].label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-medium">
              Gültig bis
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-200">
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(entry.created_at)}</td>
              <td className="px-3 py-2 font-mono">{entry.ip_address}</td>
              {CATEGORY_COLUMNS.map((category) => (
                <td key={category} className="px-3 py-2">
                  {/* Read-only (spec section 2): the record shows what was chosen then. */}
                  <Checkbox
                    checked={entry[category]}
                    readOnly
                    aria-label={`${CONSENT_CATEGORY_TEXTS[category].label}: ${entry[category] ? "erlaubt" : "abgelehnt"}`}
                  />
                </td>
              ))}
              <td className="whitespace-nowrap px-3 py-2">{formatDate(entry.expires_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
