import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import ShieldAlert from "lucide-react/icons/shield-exclamation-point";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { setSignedInHint } from "#app/features/auth/signed-in-hint.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { api, toApiError } from "#app/lib/api.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "E-Mail-Änderung rückgängig machen" });

type State = { kind: "ask" } | { kind: "done"; message: string } | { kind: "failed"; message: string };

// The link in the notice to the previous address (ADR 0044). A button, not the page load, undoes
// the change: mail scanners that open every link must not trigger it.
export default function EmailChangeObjectionPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>({ kind: "ask" });
  const [pending, setPending] = useState(false);

  async function object() {
    setPending(true);
    try {
      const response = await api["account-security"]["email-change-objection"].$post({ json: { token } });
      if (!response.ok) throw await toApiError(response);
      const { message } = await response.json();
      setSignedInHint(false);
      setState({ kind: "done", message });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : "Es ist ein Fehler aufgetreten." });
    } finally {
      setPending(false);
    }
  }

  const Icon = state.kind === "done" ? CircleCheck : state.kind === "failed" ? CircleAlert : ShieldAlert;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <Icon className={state.kind === "done" ? "size-12 text-emerald-600" : "size-12 text-amber-600"} aria-hidden />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">E-Mail-Änderung rückgängig machen</h1>
      {state.kind === "ask" ? (
        <>
          <p className="mt-4 text-slate-700">
            Haben Sie die Änderung Ihrer E-Mail-Adresse nicht selbst veranlasst? Dann machen Sie sie hier rückgängig:
            Ihr Konto nutzt wieder Ihre bisherige Adresse, alle Geräte werden abgemeldet und Sie erhalten einen Link für
            ein neues Passwort.
          </p>
          <Button className="mt-6" onClick={object} disabled={pending || !token}>
            {pending ? "Laden..." : "Änderung rückgängig machen"}
          </Button>
        </>
      ) : (
        <p className="mt-4 text-slate-700" role="status">
          {state.message}
        </p>
      )}
      <p className="mt-6 text-sm">
        <Link to={ROUTES.home} className="font-medium text-indigo-700 underline">
          Zur Startseite
        </Link>
      </p>
    </div>
  );
}
