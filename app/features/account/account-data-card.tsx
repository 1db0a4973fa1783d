import { useQueryClient } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import Trash2 from "lucide-react/icons/trash";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { clearBrowserStorage } from "#app/features/auth/use-sign-out.ts";
import {
  ACCOUNT_DATA_TEXTS,
  DATA_EXPORT_BUSY,
  DATA_EXPORT_REFUSED_PARAM,
  DATA_EXPORT_TOO_OFTEN,
  DELETE_REAUTH_MAX_AGE_MINUTES,
} from "#shared/account-data.ts";
import { ROUTES } from "#shared/routes.ts";
import { useHasPassword } from "./use-has-password.ts";

// GDPR Art. 15, 17 and 20 on /konto (ADR 0026): take the data along, or leave.

// ADR 0026: what goes and what stays, said before the customer decides.
const DELETED = [
  "Profil, Anmeldedaten, Passkeys und alle Sitzungen",
  "Verbundene Netzwerk-Konten mit ihren Zugangsdaten bei Postwerk",
  "Geplante Beiträge: Sie werden nicht mehr gesendet; dazu Entwürfe und der Verlauf gesendeter Beiträge",
  "Archiv mit allen Beiträgen und Bildern",
  "Credit-Verlauf, Pläne und Rechnungsdaten bei Postwerk",
  "Kontaktanfragen mit Ihrer E-Mail-Adresse",
];
const KEPT = [
  "Rechnungen bei unserem Zahlungsanbieter Stripe für die gesetzliche Aufbewahrungsfrist (§ 147 AO, § 14b UStG)",
  "Nachweise Ihrer Cookie-Einwilligungen und Kündigungen, ohne Bezug zu Ihrem Konto, drei Jahre lang",
];

export function AccountDataCard() {
  const [deleting, setDeleting] = useState(false);
  useExportRefusalNotice();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ihre Daten</CardTitle>
        <CardDescription>Alles, was Postwerk zu Ihrem Konto speichert – zum Mitnehmen oder Löschen.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <p className="text-sm text-slate-700">
            Eine ZIP-Datei mit Profil, Plänen, Archiv samt Bildern, Credit-Verlauf, Cookie-Einwilligungen und
            Kontaktanfragen, maschinenlesbar als JSON und mit einer Beschreibung jedes Feldes.
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            {/* A plain download: the file streams to disk, however large the archive is. No
                `download` attribute: a refusal comes back as a page (useExportRefusalNotice). */}
            <a href="/api/data-export">
              <Download aria-hidden />
              Meine Daten exportieren
            </a>
          </Button>
        </div>
        <div className="grid gap-2 border-t border-slate-200 pt-5">
          <p className="text-sm text-slate-700">
            Ihr Konto und Ihre Daten werden sofort und endgültig gelöscht, auch verbundene Netzwerk-Konten und geplante
            Beiträge (sie werden nicht mehr gesendet); ein laufendes Abonnement endet sofort, ohne Erstattung des
            angebrochenen Zeitraums.
          </p>
          <Button variant="destructive" className="justify-self-start" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden />
            Konto löschen
          </Button>
        </div>
      </CardContent>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </Card>
  );
}

/** A refused export download comes back here (data-export.routes.ts): say why, once. */
function useExportRefusalNotice() {
  const [params, setParams] = useSearchParams();
  const reason = params.get(DATA_EXPORT_REFUSED_PARAM);
  useEffect(() => {
    if (!reason) return;
    const message =
      reason === DATA_EXPORT_TOO_OFTEN
        ? ACCOUNT_DATA_TEXTS.exportTooOften
        : reason === DATA_EXPORT_BUSY
          ? ACCOUNT_DATA_TEXTS.exportBusy
          : ACCOUNT_DATA_TEXTS.exportFailed;
    toast.error(message, { id: DATA_EXPORT_REFUSED_PARAM });
    setParams(
      (current) => {
        current.delete(DATA_EXPORT_REFUSED_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [reason, setParams]);
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { data: hasPassword, isPending: checking } = useHasPassword();
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refetch: refetchSession } = authClient.useSession();

  async function deleteAccount() {
    if (hasPassword && !password) {
      toast.error(ACCOUNT_DATA_TEXTS.deletePasswordRequired);
      return;
    }
    setPending(true);
    const { error } = await authClient.deleteUser(hasPassword ? { password } : {});
    if (error) {
      toast.error(describeAuthError(error));
      setPending(false);
      return;
    }
    await refetchSession();
    queryClient.clear();
    clearBrowserStorage();
    toast.success(ACCOUNT_DATA_TEXTS.deleted);
    navigate(ROUTES.home);
  }

  return (
    <Dialog open onClose={onClose}>
      <DialogHeader>
        <DialogTitle>Konto endgültig löschen?</DialogTitle>
        <DialogDescription>
          Das lässt sich nicht rückgängig machen. Exportieren Sie vorher Ihre Daten, wenn Sie sie behalten möchten.
        </DialogDescription>
      </DialogHeader>
      <div className="mt-4 grid gap-3 text-sm text-slate-700">
        <div>
          <p className="font-medium text-slate-900">Gelöscht werden</p>
          <ul className="mt-1 list-disc pl-5">
            {DELETED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <p className="font-medium text-slate-900">Aufbewahrt werden, weil das Gesetz es verlangt</p>
          <ul className="mt-1 list-disc pl-5">
            {KEPT.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <p>Eine Bestätigung senden wir an Ihre E-Mail-Adresse. Sie können sich danach jederzeit neu registrieren.</p>
      </div>
      <form
        className="mt-4 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void deleteAccount();
        }}
      >
        {hasPassword ? (
          <>
            <Label htmlFor="delete-password">Passwort zur Bestätigung</Label>
            <Input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        ) : checking ? null : (
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            Ihr Konto nutzt die Anmeldung mit Google. Zur Bestätigung muss Ihre Anmeldung jünger als{" "}
            {DELETE_REAUTH_MAX_AGE_MINUTES} Minuten sein; melden Sie sich sonst ab und erneut mit Google an.
          </p>
        )}
        <DialogFooter className="mt-4">
          <Button type="button" variant="outline" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" variant="destructive" disabled={pending || checking}>
            {pending ? "Wird gelöscht..." : "Konto endgültig löschen"}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
