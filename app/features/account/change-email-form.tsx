import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { type ChangeEmailInput, ChangeEmailSchema } from "#shared/account.schemas.ts";
import { ROUTES } from "#shared/routes.ts";

export function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(ChangeEmailSchema),
    defaultValues: { newEmail: "", confirmEmail: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: ChangeEmailInput) {
    const { error } = await authClient.changeEmail({ newEmail: values.newEmail, callbackURL: ROUTES.account });
    if (error) return void toast.error(`Fehler beim Ändern der E-Mail: ${describeAuthError(error)}`);
    toast.success("Eine Bestätigungs-E-Mail wurde an Ihre neue Adresse gesendet.");
    form.reset();
    onDone();
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 rounded-lg bg-slate-50 p-4">
      <InputField
        id="newEmail"
        label="Neue E-Mail-Adresse"
        type="email"
        autoComplete="email"
        error={errors.newEmail?.message}
        {...form.register("newEmail")}
      />
      <InputField
        id="confirmEmail"
        label="Neue E-Mail-Adresse bestätigen"
        type="email"
        autoComplete="email"
        error={errors.confirmEmail?.message}
        {...form.register("confirmEmail")}
      />
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
