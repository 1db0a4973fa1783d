import { useQueryClient } from "@tanstack/react-query";
import KeyRound from "lucide-react/icons/key-round";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { FormInput } from "#app/components/ui/form-field.tsx";
import { api, isApiError, toApiError } from "#app/lib/api.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { type UnlockGeneratorInput, UnlockGeneratorSchema } from "#shared/generator.schemas.ts";
import { ACCESS_CODE_MESSAGES } from "#shared/generator.ts";
import { GENERATOR_STATUS_QUERY_KEY } from "./generator-constants.ts";

// Spec sections 4 and 5 "password gate" (ADR 0015): the server compares the code and
// remembers a correct entry for the account; this form only asks and shows the answer.
export function AccessCodeGate() {
  const queryClient = useQueryClient();
  const [wrongEntries, setWrongEntries] = useState(0);
  const form = useForm<UnlockGeneratorInput>({
    resolver: zodResolver(UnlockGeneratorSchema),
    defaultValues: { code: "" },
  });
  const { isSubmitting } = form.formState;

  async function unlock(values: UnlockGeneratorInput) {
    const response = await api.generator.unlock.$post({ json: values }).catch(() => null);
    if (response?.ok) {
      toast.success(ACCESS_CODE_MESSAGES.grantedTitle, { description: ACCESS_CODE_MESSAGES.grantedDescription });
      await queryClient.invalidateQueries({ queryKey: GENERATOR_STATUS_QUERY_KEY });
      return;
    }
    const error = response ? await toApiError(response) : null;
    if (isApiError(error, "ACCESS_CODE_WRONG")) {
      setWrongEntries((count) => count + 1);
      form.reset({ code: "" });
      form.setFocus("code");
      toast.error(ACCESS_CODE_MESSAGES.wrongTitle, { description: ACCESS_CODE_MESSAGES.wrongDescription });
      return;
    }
    toast.error("Fehler", { description: error ? error.message : "Keine Verbindung zum Server." });
  }

  return (
    <section
      aria-labelledby="access-code-heading"
      className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <KeyRound className="size-8 text-indigo-600" aria-hidden />
      <h1 id="access-code-heading" className="mt-3 text-2xl font-bold tracking-tight">
        Zugang zum Generator
      </h1>
      <p className="mt-2 text-slate-700">
        Der Beitragsgenerator ist derzeit nur mit Zugangscode nutzbar. Bitte geben Sie den Code ein, den Sie von uns
        erhalten haben – einmal pro Konto genügt.
      </p>
      <form onSubmit={form.handleSubmit(unlock)} noValidate className="mt-5 grid gap-4">
        <FormInput form={form} name="code" id="access-code" label="Zugangscode" type="password" autoComplete="off" />
        {wrongEntries > 0 ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            Fehlversuche: {wrongEntries}
          </p>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          Freischalten
        </Button>
      </form>
    </section>
  );
}
