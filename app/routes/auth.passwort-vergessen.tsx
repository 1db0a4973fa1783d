import MailCheck from "lucide-react/icons/mail-check";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";
import { FormInput } from "#app/components/ui/form-field.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { type ForgotPasswordInput, ForgotPasswordSchema } from "#shared/account.schemas.ts";
import { RECOVERY_TEXTS } from "#shared/account-security.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () =>
  pageMeta({ title: "Passwort vergessen", description: "Setzen Sie das Passwort Ihres Postwerk-Kontos zurück." });

// ADR 0044: the answer is the same for every address, so nobody learns who has an account.
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { isSubmitting } = form.formState;

  async function onSubmit({ email }: ForgotPasswordInput) {
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: ROUTES.resetPassword });
    if (error) return form.setError("email", { message: describeAuthError(error) });
    setSent(true);
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Passwort vergessen</h1>
          <CardDescription>
            Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort
            festlegen.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {sent ? (
            <p
              className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
              role="status"
            >
              <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
              {RECOVERY_TEXTS.resetRequested}
            </p>
          ) : (
            <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
              <FormInput form={form} name="email" label="E-Mail" type="email" autoComplete="email" required />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? "Laden..." : "Link zum Zurücksetzen senden"}
              </Button>
            </form>
          )}
          <p className="text-center text-sm text-slate-700">
            <Link to={ROUTES.auth} className="font-medium text-indigo-700 underline-offset-4 hover:underline">
              Zurück zur Anmeldung
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
