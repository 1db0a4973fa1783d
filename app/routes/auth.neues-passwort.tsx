import { useQueryClient } from "@tanstack/react-query";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";
import { FormInput } from "#app/components/ui/form-field.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { type ResetPasswordInput, ResetPasswordSchema } from "#shared/account.schemas.ts";
import { RECOVERY_TEXTS } from "#shared/account-security.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "Neues Passwort festlegen" });

// The reset link lands here with ?token=… (or ?error=INVALID_TOKEN). On success the server signs
// this browser in and ends every other session (ADR 0044); with two-factor sign-in it does not,
// and the user signs in as usual.
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  async function onSubmit({ newPassword }: ResetPasswordInput) {
    if (!token) return;
    const { data, error } = await authClient.resetPassword({ newPassword, token });
    if (error) {
      const message = error.code === "INVALID_TOKEN" ? RECOVERY_TEXTS.resetLinkInvalid : describeAuthError(error);
      return void form.setError("newPassword", { message });
    }
    if ((data as { signedIn?: boolean } | null)?.signedIn) {
      await authClient.getSession({ query: { disableCookieCache: true } });
      await queryClient.invalidateQueries();
      toast.success(RECOVERY_TEXTS.resetDoneSignedIn);
      navigate(ROUTES.generator, { replace: true });
      return;
    }
    toast.success(RECOVERY_TEXTS.resetDoneSignIn);
    navigate(ROUTES.auth, { replace: true });
  }

  if (!token || params.get("error")) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
        <CircleAlert className="size-12 text-amber-600" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Link ungültig oder abgelaufen</h1>
        <p className="mt-4 text-slate-700">{RECOVERY_TEXTS.resetLinkInvalid}</p>
        <Button asChild className="mt-6">
          <Link to={ROUTES.forgotPassword}>Neuen Link anfordern</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Neues Passwort festlegen</h1>
          <CardDescription>Danach sind Sie angemeldet; alle anderen Geräte werden abgemeldet.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
            <FormInput
              form={form}
              name="newPassword"
              label="Neues Passwort"
              type="password"
              placeholder="Mindestens 6 Zeichen"
              autoComplete="new-password"
              required
            />
            <FormInput
              form={form}
              name="confirmPassword"
              label="Neues Passwort bestätigen"
              type="password"
              autoComplete="new-password"
              required
            />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Laden..." : "Passwort speichern"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
