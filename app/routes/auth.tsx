import Info from "lucide-react/icons/info";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { CenteredSpinner } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { FormInput } from "#app/components/ui/form-field.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import {
  emailConfirmPath,
  goToReturnUrl,
  readAuthNavigationState,
  twoFactorPath,
} from "#app/features/auth/auth-navigation.ts";
import { GoogleSignInButton } from "#app/features/auth/google-sign-in-button.tsx";
import { PasskeySignInButton } from "#app/features/auth/passkey-sign-in-button.tsx";
import { ResendConfirmation } from "#app/features/auth/resend-confirmation.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { z, zodResolver } from "#app/lib/zod.ts";
import { SignInSchema, type SignUpInput, SignUpSchema } from "#shared/account.schemas.ts";
import { ACCOUNT_MESSAGES, SIGN_IN_TEXTS } from "#shared/account.ts";
import { RECOVERY_TEXTS } from "#shared/account-security.ts";
import { ROUTES } from "#shared/routes.ts";
import type { Route } from "./+types/auth";

export const meta = () =>
  pageMeta({
    title: "Anmelden oder registrieren",
    description: "Melden Sie sich bei Postwerk an oder erstellen Sie kostenlos ein Konto.",
  });

// Asked of the server on every visit, so a session that just ended is never mistaken for one.
export async function clientLoader() {
  const { data } = await authClient.getSession();
  return { signedIn: Boolean(data) };
}

type Mode = "signIn" | "signUp";

// One form serves both modes; in sign-in mode the terms checkbox is not shown and not required.
const SignInFormSchema = SignInSchema.extend({ acceptTerms: z.boolean() });

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { returnUrl, fromCreator, signIn } = readAuthNavigationState(location.state, location.search);
  // Spec section 2 "/auth": sign-up first when the visitor came from the creator or has a return URL;
  // sign-in first when a personal page or an OAuth return sent a signed-out visitor here (ADR 0083).
  const [mode, setMode] = useState<Mode>(!signIn && (fromCreator || returnUrl) ? "signUp" : "signIn");
  const isSignUp = mode === "signUp";
  // The address of a sign-in refused as not yet confirmed: offer a new confirmation mail.
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);

  const form = useForm<SignUpInput>({
    defaultValues: { email: "", password: "", acceptTerms: false },
    resolver: (values, context, options) =>
      zodResolver(isSignUp ? SignUpSchema : SignInFormSchema)(values, context, options),
  });
  const { isSubmitting } = form.formState;
  const termsAccepted = form.watch("acceptTerms");

  // Spec section 2 "/auth": a visitor who is already signed in goes on to the return URL.
  useEffect(() => {
    if (loaderData.signedIn) goToReturnUrl(navigate, returnUrl);
  }, [loaderData.signedIn, returnUrl, navigate]);

  async function onSubmit(values: SignUpInput) {
    if (isSignUp) {
      const { error } = await authClient.signUp.email({
        email: values.email,
        password: values.password,
        name: values.email.split("@")[0] ?? values.email,
        // The confirmation link brings the visitor back to where sign-up started (ADR 0061).
        callbackURL: emailConfirmPath(returnUrl),
      });
      if (error) return void toast.error(describeAuthError(error));
      navigate(ROUTES.registrationSuccess, { state: { email: values.email } });
      return;
    }
    const { data, error } = await authClient.signIn.email({ email: values.email, password: values.password });
    setUnconfirmedEmail(error?.code === "EMAIL_NOT_VERIFIED" ? values.email : null);
    if (error) return void toast.error(describeAuthError(error));
    // ADR 0041: with two-factor sign-in on, no session yet; the code step keeps the return URL.
    // In the address as well, so a reload of the code step still leads back (ADR 0094).
    if (data && "twoFactorRedirect" in data) return void navigate(twoFactorPath(returnUrl), { state: { returnUrl } });
    toast.success(SIGN_IN_TEXTS.signedIn);
    goToReturnUrl(navigate, returnUrl);
  }

  if (loaderData.signedIn) return <CenteredSpinner className="py-24" />;

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      {returnUrl === ROUTES.optimizer ? (
        <p className="mb-6 flex items-start gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          Anmeldung erforderlich, um den X-Post Optimizer zu nutzen
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{isSignUp ? "Konto erstellen" : "Anmelden"}</h1>
          <CardDescription>
            {isSignUp
              ? "Registrieren Sie sich kostenlos und erstellen Sie Ihre ersten Beiträge mit KI."
              : "Willkommen zurück! Melden Sie sich mit Ihrer E-Mail-Adresse an."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
            <FormInput form={form} name="email" label="E-Mail" type="email" autoComplete="email" required />
            <FormInput
              form={form}
              name="password"
              label="Passwort"
              type="password"
              placeholder="Mindestens 6 Zeichen"
              autoComplete={isSignUp ? "new-password" : "current-password"}
              required
            />
            {isSignUp ? null : (
              <Link
                to={ROUTES.forgotPassword}
                className="-mt-2 justify-self-end text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
              >
                {RECOVERY_TEXTS.forgotPasswordLink}
              </Link>
            )}
            {isSignUp ? (
              <div className="grid gap-1.5">
                <div className="flex items-start gap-3">
                  <Controller
                    control={form.control}
                    name="acceptTerms"
                    render={({ field }) => (
                      <Checkbox
                        id="acceptTerms"
                        checked={field.value}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                        aria-describedby={termsAccepted ? undefined : "acceptTerms-hint"}
                      />
                    )}
                  />
                  <label htmlFor="acceptTerms" className="text-sm leading-5 text-slate-800">
                    Ich habe die{" "}
                    <Link to={ROUTES.terms} className="font-medium text-indigo-700 underline">
                      Datenschutzbedingungen
                    </Link>{" "}
                    zur Kenntnis genommen
                  </label>
                </div>
                {termsAccepted ? null : (
                  <p id="acceptTerms-hint" className="text-sm text-amber-800">
                    {ACCOUNT_MESSAGES.termsRequired}
                  </p>
                )}
              </div>
            ) : null}
            <Button type="submit" disabled={isSubmitting || (isSignUp && !termsAccepted)}>
              {isSubmitting ? "Laden..." : isSignUp ? "Registrieren" : "Anmelden"}
            </Button>
          </form>
          {isSignUp ? null : <PasskeySignInButton returnUrl={returnUrl} />}
          {unconfirmedEmail && !isSignUp ? (
            <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
              <p>Ihre E-Mail-Adresse ist noch nicht bestätigt. Keinen Link erhalten oder abgelaufen?</p>
              <ResendConfirmation email={unconfirmedEmail} />
            </div>
          ) : null}
          <GoogleSignInButton returnUrl={returnUrl ?? ROUTES.generator} />
          <p className="text-center text-sm text-slate-700">
            {isSignUp ? "Sie haben schon ein Konto?" : "Noch kein Konto?"}{" "}
            <button
              type="button"
              className="font-medium text-indigo-700 underline-offset-4 hover:underline"
              onClick={() => {
                setMode(isSignUp ? "signIn" : "signUp");
                setUnconfirmedEmail(null);
                form.clearErrors();
              }}
            >
              {isSignUp ? "Jetzt anmelden" : "Jetzt registrieren"}
            </button>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
