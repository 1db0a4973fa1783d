import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { FormInput } from "#app/components/ui/form-field.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { type ChangePasswordInput, ChangePasswordSchema } from "#shared/account.schemas.ts";

const FIELDS = [
  { name: "currentPassword", label: "Aktuelles Passwort", autoComplete: "current-password" },
  { name: "newPassword", label: "Neues Passwort", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Neues Passwort bestätigen", autoComplete: "new-password" },
] as const;

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  async function onSubmit(values: ChangePasswordInput) {
    const { error } = await authClient.changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
      // A changed password should lock out whoever might still hold an old session.
      revokeOtherSessions: true,
    });
    if (error) return void toast.error(`Fehler beim Ändern des Passworts: ${describeAuthError(error)}`);
    toast.success("Ihr Passwort wurde erfolgreich geändert.");
    form.reset();
    onDone();
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 rounded-lg bg-slate-50 p-4">
      {FIELDS.map((field) => (
        <FormInput
          key={field.name}
          form={form}
          name={field.name}
          label={field.label}
          type="password"
          placeholder={field.name === "currentPassword" ? undefined : "Mindestens 6 Zeichen"}
          autoComplete={field.autoComplete}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Laden..." : "Passwort ändern"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
