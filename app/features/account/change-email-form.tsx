import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { FormInput } from "#app/components/ui/form-field.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { type ChangeEmailInput, ChangeEmailSchema } from "#shared/account.schemas.ts";
import { EMAIL_CHANGE_REAUTH_MAX_AGE_MINUTES, RECOVERY_TEXTS } from "#shared/account-security.ts";
import { ROUTES } from "#shared/routes.ts";
import { useHasPassword } from "./use-has-password.ts";
import { PROFILE_QUERY_KEY } from "./use-profile.ts";

// ADR 0044: the change needs the current password (a Google account: a recent sign-in), and
// the previous address is told and can undo it.
// `initialEmail`: the pending address, when the form sends its link again.
export function ChangeEmailForm({ initialEmail = "", onDone }: { initialEmail?: string; onDone: () => void }) {
  const { data: hasPassword } = useHasPassword();
  const queryClient = useQueryClient();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(ChangeEmailSchema),
    defaultValues: { newEmail: initialEmail, confirmEmail: initialEmail, currentPassword: "" },
  });
  const { isSubmitting } = form.formState;

  async function onSubmit(values: ChangeEmailInput) {
    if (hasPassword && !values.currentPassword) {
      form.setError("currentPassword", { message: RECOVERY_TEXTS.emailChangePasswordRequired });
      return;
    }
    const { error } = await authClient.changeEmail({
      newEmail: values.newEmail,
      callbackURL: ROUTES.account,
      ...(hasPassword ? { password: values.currentPassword } : {}),
    } as Parameters<typeof authClient.changeEmail>[0]);
    if (error) return void toast.error(`Fehler beim Ändern der E-Mail: ${describeAuthError(error)}`);
    toast.success("Eine Bestätigungs-E-Mail wurde an Ihre neue Adresse gesendet.");
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    form.reset();
    onDone();
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 rounded-lg bg-slate-50 p-4">
      <FormInput form={form} name="newEmail" label="Neue E-Mail-Adresse" type="email" autoComplete="email" />
      <FormInput
        form={form}
        name="confirmEmail"
        label="Neue E-Mail-Adresse bestätigen"
        type="email"
        autoComplete="email"
      />
      {hasPassword === false ? (
        <p className="text-sm text-slate-600">
          Ihr Konto nutzt die Anmeldung mit Google. Zur Bestätigung muss Ihre Anmeldung jünger als{" "}
          {EMAIL_CHANGE_REAUTH_MAX_AGE_MINUTES} Minuten sein; melden Sie sich sonst ab und erneut mit Google an.
        </p>
      ) : (
        <FormInput
          form={form}
          name="currentPassword"
          id="emailChangePassword"
          label="Aktuelles Passwort"
          type="password"
          autoComplete="current-password"
        />
      )}
      <p className="text-sm text-slate-600">
        Wir informieren Ihre bisherige Adresse über die Änderung; von dort lässt sie sich rückgängig machen.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Laden..." : "E-Mail ändern"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
