import { useMutation, useQueryClient } from "@tanstack/react-query";
import MailCheck from "lucide-react/icons/mail-check";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { EMAIL_CHANGE_LINK_OUTDATED, RECOVERY_TEXTS } from "#shared/account-security.ts";
import { PROFILE_QUERY_KEY, type Profile } from "./use-profile.ts";

type PendingChange = NonNullable<Profile["pendingEmailChange"]>;

// ADR 0044: a requested address stays pending until its link is followed; the current address
// keeps working meanwhile. Sending again goes through the form (Better Auth asks for the
// password on every request); cancelling makes the open link stop working.
export function PendingEmailChange({
  pending,
  currentEmail,
  onResend,
}: {
  pending: PendingChange;
  currentEmail: string;
  onResend: () => void;
}) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: async () => jsonOrThrow(await api["account-security"]["email-change"].$delete()),
    onSuccess: ({ message }) => {
      toast.success(message);
      return queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <div className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" role="status">
      <p className="flex gap-2">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Ausstehende Änderung: <strong className="break-all">{pending.email}</strong> – bestätigen Sie den Link in der
          E-Mail an diese Adresse (gültig bis {formatDateTime(pending.expiresAt)}). Bis dahin melden Sie sich weiter mit{" "}
          <span className="break-all">{currentEmail}</span> an.
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onResend}>
          Link erneut senden
        </Button>
        <Button variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          Änderung abbrechen
        </Button>
      </div>
    </div>
  );
}

const CHANGE_LINK_ERRORS: Record<string, string> = {
  [EMAIL_CHANGE_LINK_OUTDATED]: RECOVERY_TEXTS.emailChangeLinkOutdated,
  TOKEN_EXPIRED: RECOVERY_TEXTS.emailChangeLinkExpired,
};

/** Better Auth sends a change link that did not work back to /konto with `?error=<code>`. */
export function useChangeLinkErrorNotice() {
  const [params, setParams] = useSearchParams();
  const code = params.get("error");
  useEffect(() => {
    if (!code) return;
    toast.error(CHANGE_LINK_ERRORS[code] ?? RECOVERY_TEXTS.objectionInvalid);
    setParams(
      (current) => {
        current.delete("error");
        return current;
      },
      { replace: true },
    );
  }, [code, setParams]);
}
