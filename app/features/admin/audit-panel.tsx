import { useQuery } from "@tanstack/react-query";
import History from "lucide-react/icons/rotate-ccw-clock";
import { api, toApiError } from "#app/lib/api.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { AUDIT_ACTIONS, type AuditAction } from "#shared/admin.ts";
import { AdminPanelCard } from "./admin-panel-card.tsx";

// ADR 0024: the latest changes made in the admin area, who made them, from what to what.

function useAuditEntries() {
  return useQuery({
    queryKey: ["admin", "audit"],
    queryFn: async () => {
      const response = await api.admin.audit.$get();
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).entries;
    },
  });
}

const describeValue = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value));

export function AuditPanel() {
  const query = useAuditEntries();
  return (
    <AdminPanelCard
      icon={History}
      title="Protokoll"
      description="Die letzten Änderungen im Admin-Bereich, die neuesten zuerst."
      query={query}
      loadFailed="Das Protokoll konnte nicht geladen werden."
      empty="Noch keine Änderungen."
    >
      {(entries) => (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-4 font-medium">Zeitpunkt</th>
                <th className="py-2 pr-4 font-medium">Wer</th>
                <th className="py-2 pr-4 font-medium">Was</th>
                <th className="py-2 pr-4 font-medium">Vorher</th>
                <th className="py-2 font-medium">Nachher</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(entry.createdAt)}</td>
                  <td className="break-all py-2 pr-4">{entry.adminEmail ?? "gelöschtes Konto"}</td>
                  <td className="py-2 pr-4">
                    {AUDIT_ACTIONS[entry.action as AuditAction] ?? entry.action}
                    <span className="block break-all text-xs text-slate-500">{entry.targetId}</span>
                  </td>
                  <td className="max-w-xs break-words py-2 pr-4 font-mono text-xs">{describeValue(entry.before)}</td>
                  <td className="max-w-xs break-words py-2 font-mono text-xs">{describeValue(entry.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPanelCard>
  );
}
