import Copy from "lucide-react/icons/copy";
import Download from "lucide-react/icons/download";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { BACKUP_CODE_COUNT } from "#shared/two-factor.ts";
import { PasswordStep } from "./two-factor-parts.tsx";

// ADR 0041, 0103: the backup codes, shown once, and new ones with the password.

export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = [
    "Postwerk – Backup-Codes für die Zwei-Faktor-Anmeldung",
    "Jeder Code gilt genau einmal. Bewahren Sie diese Datei sicher auf.",
    "",
    ...codes,
    "",
  ].join("\n");
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Backup-Codes kopiert.");
    } catch {
      toast.error("Kopieren war nicht möglich. Bitte laden Sie die Codes herunter.");
    }
  }

  return (
    <div className="grid gap-4 rounded-lg bg-slate-50 p-4">
      <div className="text-sm text-slate-700">
        <p className="font-medium text-slate-900">Ihre {BACKUP_CODE_COUNT} Backup-Codes</p>
        <p>
          Mit jedem Code melden Sie sich einmal ohne App an. Wir zeigen sie nur jetzt: laden Sie sie herunter oder
          kopieren Sie sie an einen sicheren Ort. Frühere Backup-Codes gelten nicht mehr.
        </p>
      </div>
      <ul
        aria-label="Backup-Codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white p-3 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={download} download="postwerk-backup-codes.txt">
            <Download aria-hidden />
            Herunterladen
          </a>
        </Button>
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden />
          Kopieren
        </Button>
        <Button onClick={onDone}>Fertig</Button>
      </div>
    </div>
  );
}

export function RegenerateForm({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  return (
    <PasswordStep
      id="two-factor-regenerate-password"
      intro="Neue Backup-Codes ersetzen alle bisherigen. Bitte bestätigen Sie mit Ihrem Passwort."
      submitLabel="Neue Codes erzeugen"
      onCancel={onCancel}
      confirm={async (password) => {
        const { data, error } = await authClient.twoFactor.generateBackupCodes({ password });
        if (error || !data) return describeAuthError(error);
        onDone(data.backupCodes);
        return null;
      }}
    />
  );
}
