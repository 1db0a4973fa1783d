import { MessageSquareText, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { FormField, InputField } from "#app/components/ui/form-field.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { ADMIN_TEXTS } from "#shared/admin.ts";
import {
  type CreatePromptConfigurationInput,
  CreatePromptConfigurationSchema,
} from "#shared/generator-configurations.schemas.ts";
import { CONFIGURATION_MESSAGES, GENERATOR_PLACEHOLDERS } from "#shared/generator-configurations.ts";
import { ConflictNotice } from "./conflict-notice.tsx";
import { LoadError } from "./load-error.tsx";
import {
  isChangedMeanwhile,
  isNameTaken,
  type PromptConfiguration,
  toastFailure,
  useCreatePromptConfiguration,
  useDeletePromptConfiguration,
  usePromptConfigurations,
  useUpdatePromptConfiguration,
} from "./use-configurations.ts";

const EMPTY_PROMPT: CreatePromptConfigurationInput = { name: "", systemPrompt: "", userPrompt: "" };

const formValues = (row: PromptConfiguration): CreatePromptConfigurationInput => ({
  name: row.name,
  systemPrompt: row.systemPrompt,
  userPrompt: row.userPrompt,
});

// Spec sections 2, 7 and 8: the prompt configurations, oldest first; create, edit, delete.
export function PromptsPanel() {
  const { data: configurations, isPending, isError, refetch } = usePromptConfigurations();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PromptConfiguration | null>(null);
  const [deleting, setDeleting] = useState<PromptConfiguration | null>(null);
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
          <MessageSquareText className="size-5 text-indigo-600" aria-hidden />
          Prompt-Konfigurationen
        </CardTitle>
        <CardDescription>
          Der Generator liest die markierte Konfiguration bei jeder Generierung neu; eine Änderung gilt ab der nächsten
          Generierung. Sie lässt sich bearbeiten, aber weder umbenennen noch löschen. Im Demo-Modus (ohne KI-Anbieter)
          werden keine Prompts verwendet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <LoadError message="Die Prompt-Konfigurationen konnten nicht geladen werden." onRetry={() => refetch()} />
        ) : configurations.length === 0 ? (
          <p className="text-slate-600">Noch keine Prompt-Konfigurationen.</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200"
            aria-label="Prompt-Konfigurationen"
          >
            {configurations.map((row) => (
              <li key={row.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="break-words font-medium text-slate-900">{row.name}</h3>
                    {row.inUse ? <Badge>Vom Generator genutzt</Badge> : null}
                  </div>
                  <p className="mt-0.5 text-xs text-slate-500">Geändert am {formatDateTime(row.updatedAt)}</p>
                  <p className="mt-2 line-clamp-2 whitespace-pre-wrap break-words text-sm text-slate-700">
                    {row.systemPrompt}
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

      <Dialog open={creating} onClose={() => setCreating(false)} width="wide">
        <CreatePromptForm onDone={() => setCreating(false)} />
      </Dialog>
      <Dialog open={editedRow !== null} onClose={() => setEditing(null)} width="wide">
        {editedRow ? <EditPromptForm configuration={editedRow} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        {deleting ? <DeletePrompt configuration={deleting} onDone={() => setDeleting(null)} /> : null}
      </Dialog>
    </Card>
  );
}

function CreatePromptForm({ onDone }: { onDone: () => void }) {
  const create = useCreatePromptConfiguration();
  const form = useForm<CreatePromptConfigurationInput>({
    resolver: zodResolver(CreatePromptConfigurationSchema),
    defaultValues: EMPTY_PROMPT,
  });

  async function onSubmit(values: CreatePromptConfigurationInput) {
    try {
      await create.mutateAsync(values);
      toast.success(ADMIN_TEXTS.promptCreated);
      onDone();
    } catch (error) {
      toastFailure(ADMIN_TEXTS.promptCreateFailed, error);
      if (isNameTaken(error))
        form.setError("name", { message: CONFIGURATION_MESSAGES.nameTaken }, { shouldFocus: true });
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Neue Prompt-Konfiguration</DialogTitle>
        <DialogDescription>Name, System-Prompt und User-Prompt sind Pflichtfelder.</DialogDescription>
      </DialogHeader>
      <PromptFields form={form} idPrefix="new-prompt" nameLocked={false} />
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

function EditPromptForm({ configuration, onDone }: { configuration: PromptConfiguration; onDone: () => void }) {
  const update = useUpdatePromptConfiguration();
  const form = useForm<CreatePromptConfigurationInput>({
    resolver: zodResolver(CreatePromptConfigurationSchema),
    defaultValues: formValues(configuration),
  });
  // ADR 0024: the version this form edits. It moves on only when the admin chooses, after
  // another admin's save was refused, so nobody overwrites a change they have not seen.
  const [version, setVersion] = useState(configuration.updatedAt);
  const [conflict, setConflict] = useState(false);
  const newerVersionLoaded = conflict && configuration.updatedAt !== version;

  async function onSubmit(values: CreatePromptConfigurationInput) {
    try {
      await update.mutateAsync({ id: configuration.id, ...values, updatedAt: version });
      toast.success(ADMIN_TEXTS.promptUpdated);
      onDone();
    } catch (error) {
      toastFailure(ADMIN_TEXTS.promptUpdateFailed, error);
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
        <DialogTitle>Prompt-Konfiguration bearbeiten</DialogTitle>
        <DialogDescription>
          {configuration.inUse
            ? "Der Generator nutzt diese Konfiguration: Ihre Änderung gilt ab der nächsten Generierung."
            : "Name, System-Prompt und User-Prompt sind Pflichtfelder."}
        </DialogDescription>
      </DialogHeader>
      {newerVersionLoaded ? <ConflictNotice subject="diese Konfiguration" onResolve={resolveConflict} /> : null}
      <PromptFields form={form} idPrefix={`prompt-${configuration.id}`} nameLocked={configuration.inUse} />
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

function PromptFields({
  form,
  idPrefix,
  nameLocked,
}: {
  form: UseFormReturn<CreatePromptConfigurationInput>;
  idPrefix: string;
  nameLocked: boolean;
}) {
  const { errors } = form.formState;
  const systemId = `${idPrefix}-system`;
  const userId = `${idPrefix}-user`;
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
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="grid min-w-0 gap-4">
          <FormField id={systemId} label="System-Prompt" error={errors.systemPrompt?.message}>
            <Textarea
              id={systemId}
              rows={14}
              spellCheck={false}
              className="font-mono"
              aria-invalid={Boolean(errors.systemPrompt)}
              aria-describedby={errors.systemPrompt ? `${systemId}-error` : undefined}
              {...form.register("systemPrompt")}
            />
          </FormField>
          <FormField id={userId} label="User-Prompt" error={errors.userPrompt?.message}>
            <Textarea
              id={userId}
              rows={8}
              spellCheck={false}
              className="font-mono"
              aria-invalid={Boolean(errors.userPrompt)}
              aria-describedby={errors.userPrompt ? `${userId}-error` : undefined}
              {...form.register("userPrompt")}
            />
          </FormField>
        </div>
        <PlaceholderList />
      </div>
    </div>
  );
}

// ADR 0012: the generator fills these into both prompts; any other {{name}} stays as typed.
function PlaceholderList() {
  const titleId = useId();
  return (
    <aside className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" aria-labelledby={titleId}>
      <h3 id={titleId} className="font-medium text-slate-900">
        Platzhalter
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        Der Generator ersetzt sie in beiden Prompts. Andere Namen in doppelten geschweiften Klammern bleiben unverändert
        stehen.
      </p>
      <dl className="mt-3 grid gap-1.5">
        {GENERATOR_PLACEHOLDERS.map((placeholder) => (
          <div key={placeholder.name}>
            <dt>
              <code className="break-all rounded bg-white px-1 py-0.5 font-mono text-xs text-indigo-800">{`{{${placeholder.name}}}`}</code>
            </dt>
            <dd className="text-xs text-slate-600">{placeholder.description}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

function DeletePrompt({ configuration, onDone }: { configuration: PromptConfiguration; onDone: () => void }) {
  const remove = useDeletePromptConfiguration();
  return (
    <>
      <DialogHeader>
        <DialogTitle>Prompt-Konfiguration löschen?</DialogTitle>
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
              onSuccess: () => toast.success(ADMIN_TEXTS.promptDeleted),
              onError: (error) => toastFailure(ADMIN_TEXTS.promptDeleteFailed, error),
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
