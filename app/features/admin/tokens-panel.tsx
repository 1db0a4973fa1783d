import { Gauge, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { FormField, InputField } from "#app/components/ui/form-field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { ADMIN_TEXTS, MAX_TOKENS_LIMIT, NEW_TOKEN_CONFIGURATION_MAX_TOKENS } from "#shared/admin.ts";
import {
  type CreateTokenConfigurationInput,
  CreateTokenConfigurationSchema,
} from "#shared/generator-configurations.schemas.ts";
import { CONFIGURATION_MESSAGES } from "#shared/generator-configurations.ts";
import { ConflictNotice } from "./conflict-notice.tsx";
import { LoadError } from "./load-error.tsx";
import {
  isChangedMeanwhile,
  isNameTaken,
  parseIntegerOrZero,
  type TokenConfiguration,
  toastFailure,
  useCreateTokenConfiguration,
  useDeleteTokenConfiguration,
  useTokenConfigurations,
  useUpdateTokenConfiguration,
} from "./use-configurations.ts";

// Spec section 9: a new configuration starts at 1000 max tokens.
const NEW_TOKENS: CreateTokenConfigurationInput = { name: "", maxTokens: NEW_TOKEN_CONFIGURATION_MAX_TOKENS };

const formatTokens = (value: number) => value.toLocaleString("de-DE");
const formValues = (row: TokenConfiguration): CreateTokenConfigurationInput => ({
  name: row.name,
  maxTokens: row.maxTokens,
});

// Spec sections 2, 7 and 8: the token configurations, oldest first; create, edit, delete.
export function TokensPanel() {
  const { data: configurations, isPending, isError, refetch } = useTokenConfigurations();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TokenConfiguration | null>(null);
  const [deleting, setDeleting] = useState<TokenConfiguration | null>(null);
  // The edit dialog follows the list, so after a refetch it knows the row's newest version.
  const editedRow = editing ? (configurations?.find((row) => row.id === editing.id) ?? editing) : null;

  return (
    <Card>
      <CardHeader
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Neue Konfiguration
          </Button>
        }
      >
        <CardTitle className="flex items-center gap-2">
          <Gauge className="size-5 text-indigo-600" aria-hidden />
          Token-Konfigurationen
        </CardTitle>
        <CardDescription>
          Die höchste Zahl an Tokens, die das Modell je Generierung schreiben darf. Der Generator liest die markierte
          Konfiguration bei jeder Generierung neu; sie lässt sich bearbeiten, aber weder umbenennen noch löschen.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <LoadError message="Die Token-Konfigurationen konnten nicht geladen werden." onRetry={() => refetch()} />
        ) : configurations.length === 0 ? (
          <p className="text-slate-600">Noch keine Token-Konfigurationen.</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200"
            aria-label="Token-Konfigurationen"
          >
            {configurations.map((row) => (
              <li key={row.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="break-words font-medium text-slate-900">{row.name}</h3>
                    {row.inUse ? <Badge>Vom Generator genutzt</Badge> : null}
                  </div>
                  <p className="mt-0.5 text-sm text-slate-700">
                    <span className="font-semibold tabular-nums">{formatTokens(row.maxTokens)}</span> Max. Tokens
                    <span className="text-xs text-slate-500"> · geändert am {formatDateTime(row.updatedAt)}</span>
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setEditing(row)}
                    aria-label={`${row.name} bearbeiten`}
                  >
                    <Pencil aria-hidden />
                    Bearbeiten
                  </Button>
                  {row.inUse ? null : (
                    <Button
                      variant="destructiveGhost"
                      size="sm"
                      onClick={() => setDeleting(row)}
                      aria-label={`${row.name} löschen`}
                    >
                      <Trash2 aria-hidden />
                      Löschen
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <Dialog open={creating} onClose={() => setCreating(false)}>
        <CreateTokensForm onDone={() => setCreating(false)} />
      </Dialog>
      <Dialog open={editedRow !== null} onClose={() => setEditing(null)}>
        {editedRow ? <EditTokensForm configuration={editedRow} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        {deleting ? <DeleteTokens configuration={deleting} onDone={() => setDeleting(null)} /> : null}
      </Dialog>
    </Card>
  );
}

function CreateTokensForm({ onDone }: { onDone: () => void }) {
  const create = useCreateTokenConfiguration();
  const form = useForm<CreateTokenConfigurationInput>({
    resolver: zodResolver(CreateTokenConfigurationSchema),
    defaultValues: NEW_TOKENS,
  });

  async function onSubmit(values: CreateTokenConfigurationInput) {
    try {
      await create.mutateAsync(values);
      toast.success(ADMIN_TEXTS.tokenCreated);
      onDone();
    } catch (error) {
      toastFailure(ADMIN_TEXTS.tokenCreateFailed, error);
      if (isNameTaken(error))
        form.setError("name", { message: CONFIGURATION_MESSAGES.nameTaken }, { shouldFocus: true });
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Neue Token-Konfiguration</DialogTitle>
        <DialogDescription>Name und Max. Tokens sind Pflichtfelder.</DialogDescription>
      </DialogHeader>
      <TokenFields form={form} idPrefix="new-tokens" nameLocked={false} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Wird angelegt..." : "Anlegen"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function EditTokensForm({ configuration, onDone }: { configuration: TokenConfiguration; onDone: () => void }) {
  const update = useUpdateTokenConfiguration();
  const form = useForm<CreateTokenConfigurationInput>({
    resolver: zodResolver(CreateTokenConfigurationSchema),
    defaultValues: formValues(configuration),
  });
  // ADR 0024: see EditPromptForm; the version moves on only when the admin chooses.
  const [version, setVersion] = useState(configuration.updatedAt);
  const [conflict, setConflict] = useState(false);
  const newerVersionLoaded = conflict && configuration.updatedAt !== version;

  async function onSubmit(values: CreateTokenConfigurationInput) {
    try {
      await update.mutateAsync({ id: configuration.id, ...values, updatedAt: version });
      toast.success(ADMIN_TEXTS.tokenUpdated);
      onDone();
    } catch (error) {
      toastFailure(ADMIN_TEXTS.tokenUpdateFailed, error);
      if (isChangedMeanwhile(error)) setConflict(true);
      if (isNameTaken(error))
        form.setError("name", { message: CONFIGURATION_MESSAGES.nameTaken }, { shouldFocus: true });
    }
  }

  function resolveConflict(keepMine: boolean) {
    if (!keepMine) form.reset(formValues(configuration));
    setVersion(configuration.updatedAt);
    setConflict(false);
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Token-Konfiguration bearbeiten</DialogTitle>
        <DialogDescription>
          {configuration.inUse
            ? "Der Generator nutzt diese Konfiguration: Ihre Änderung gilt ab der nächsten Generierung."
            : "Name und Max. Tokens sind Pflichtfelder."}
        </DialogDescription>
      </DialogHeader>
      {newerVersionLoaded ? <ConflictNotice subject="diese Konfiguration" onResolve={resolveConflict} /> : null}
      <TokenFields form={form} idPrefix={`tokens-${configuration.id}`} nameLocked={configuration.inUse} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting || newerVersionLoaded}>
          {form.formState.isSubmitting ? "Wird gespeichert..." : "Speichern"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function TokenFields({
  form,
  idPrefix,
  nameLocked,
}: {
  form: UseFormReturn<CreateTokenConfigurationInput>;
  idPrefix: string;
  nameLocked: boolean;
}) {
  const { errors } = form.formState;
  const tokensId = `${idPrefix}-max-tokens`;
  const hintId = `${tokensId}-hint`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <InputField
          id={`${idPrefix}-name`}
          label="Name"
          autoComplete="off"
          readOnly={nameLocked}
          error={errors.name?.message}
          {...form.register("name")}
        />
        {nameLocked ? (
          <p className="text-sm text-slate-600">
            Der Generator findet diese Konfiguration über ihren Namen; er lässt sich daher nicht ändern.
          </p>
        ) : null}
      </div>
      <FormField id={tokensId} label="Max. Tokens" error={errors.maxTokens?.message}>
        <Input
          id={tokensId}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TOKENS_LIMIT}
          step={1}
          className="sm:max-w-48"
          aria-invalid={Boolean(errors.maxTokens)}
          aria-describedby={errors.maxTokens ? `${hintId} ${tokensId}-error` : hintId}
          // Spec section 5: parsed as an integer, falling back to 0 (which the schema refuses).
          {...form.register("maxTokens", { setValueAs: parseIntegerOrZero })}
        />
        <p id={hintId} className="text-sm text-slate-600">
          Eine ganze Zahl von 1 bis {formatTokens(MAX_TOKENS_LIMIT)}. Ist die Grenze zu knapp, bricht die Antwort ab und
          die Generierung schlägt fehl (der Credit wird erstattet).
        </p>
      </FormField>
    </div>
  );
}

function DeleteTokens({ configuration, onDone }: { configuration: TokenConfiguration; onDone: () => void }) {
  const remove = useDeleteTokenConfiguration();
  return (
    <>
      <DialogHeader>
        <DialogTitle>Token-Konfiguration löschen?</DialogTitle>
        <DialogDescription>„{configuration.name}“ wird endgültig gelöscht.</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(configuration.id, {
              onSuccess: () => toast.success(ADMIN_TEXTS.tokenDeleted),
              onError: (error) => toastFailure(ADMIN_TEXTS.tokenDeleteFailed, error),
              onSettled: onDone,
            })
          }
        >
          Endgültig löschen
        </Button>
      </DialogFooter>
    </>
  );
}
