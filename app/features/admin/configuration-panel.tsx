import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { type ComponentProps, type ComponentType, type ReactNode, useState } from "react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { cn } from "#app/lib/cn.ts";
import { CONFIGURATION_MESSAGES } from "#shared/generator-configurations.ts";
import { AdminPanelCard } from "./admin-panel-card.tsx";
import { useEditedVersion } from "./conflict-notice.tsx";
import { isNameTaken, toastFailure } from "./use-configurations.ts";

// What the prompt and token panels share (spec sections 2, 7 and 8): the card with its list, the
// create, edit and delete dialogs, and the name field. Each panel brings its texts, fields and
// hooks; its small dialog components call the mutation hooks, so each mutation lives as long as
// its dialog.

type Configuration = { id: string; name: string; inUse: boolean; updatedAt: string };
type NamedValues = { name: string };

/** A panel's words. The toasts are the spec's English ones from ADMIN_TEXTS. */
export type ConfigurationTexts = {
  /** The plural, e.g. "Prompt-Konfigurationen": the card's title and the list's name. */
  title: string;
  description: string;
  loadFailed: string;
  empty: string;
  newTitle: string;
  editTitle: string;
  deleteTitle: string;
  /** What the create and edit dialogs say, unless the generator uses the configuration. */
  requiredFields: string;
  created: string;
  createFailed: string;
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
};

// A long summary keeps the buttons at the top, beside the name; a one-line one centres them.
const ROW_ALIGN = { start: "sm:items-start", center: "sm:items-center" };

export function ConfigurationPanel<Row extends Configuration>({
  texts,
  icon: Icon,
  query,
  rowAlign,
  summary,
  dialogWidth,
  CreateForm,
  EditForm,
  DeleteDialog,
}: {
  texts: ConfigurationTexts;
  icon: LucideIcon;
  query: UseQueryResult<Row[]>;
  rowAlign: keyof typeof ROW_ALIGN;
  /** What a row shows beneath its name. */
  summary: (row: Row) => ReactNode;
  /** For the create and edit dialogs. */
  dialogWidth: ComponentProps<typeof Dialog>["width"];
  CreateForm: ComponentType<{ onDone: () => void }>;
  EditForm: ComponentType<{ configuration: Row; onDone: () => void }>;
  DeleteDialog: ComponentType<{ configuration: Row; onDone: () => void }>;
}) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  // The edit dialog follows the list, so after a refetch it knows the row's newest version.
  const editedRow = editing ? (query.data?.find((row) => row.id === editing.id) ?? editing) : null;

  return (
    <>
      <AdminPanelCard
        icon={Icon}
        title={texts.title}
        description={texts.description}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Neue Konfiguration
          </Button>
        }
        query={query}
        loadFailed={texts.loadFailed}
        empty={texts.empty}
      >
        {(configurations) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={texts.title}>
            {configurations.map((row) => (
              <li key={row.id} className={cn("flex flex-col gap-3 p-4 sm:flex-row", ROW_ALIGN[rowAlign])}>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="break-words font-medium text-slate-900">{row.name}</h3>
                    {row.inUse ? <Badge>Vom Generator genutzt</Badge> : null}
                  </div>
                  {summary(row)}
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
      </AdminPanelCard>
      <Dialog open={creating} onClose={() => setCreating(false)} width={dialogWidth}>
        <CreateForm onDone={() => setCreating(false)} />
      </Dialog>
      <Dialog open={editedRow !== null} onClose={() => setEditing(null)} width={dialogWidth}>
        {editedRow ? <EditForm configuration={editedRow} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        {deleting ? <DeleteDialog configuration={deleting} onDone={() => setDeleting(null)} /> : null}
      </Dialog>
    </>
  );
}

/** The create dialog's form; the panel brings its fields as children. */
export function CreateConfigurationForm<Values extends NamedValues>({
  form,
  texts,
  create,
  onDone,
  children,
}: {
  form: UseFormReturn<Values>;
  texts: ConfigurationTexts;
  create: (values: Values) => Promise<unknown>;
  onDone: () => void;
  children: ReactNode;
}) {
  const { isSubmitting } = form.formState;

  async function onSubmit(values: Values) {
    try {
      await create(values);
      toast.success(texts.created);
      onDone();
    } catch (error) {
      toastFailure(texts.createFailed, error);
      showNameTaken(error, form);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <DialogHeading title={texts.newTitle} description={texts.requiredFields} />
      {children}
      <FormFooter
        onCancel={onDone}
        submitLabel={isSubmitting ? "Wird angelegt..." : "Anlegen"}
        submitDisabled={isSubmitting}
      />
    </form>
  );
}

/** The edit dialog's form; the panel brings its fields as children. */
export function EditConfigurationForm<Values extends NamedValues, Row extends Configuration>({
  form,
  texts,
  configuration,
  formValues,
  update,
  onDone,
  children,
}: {
  form: UseFormReturn<Values>;
  texts: ConfigurationTexts;
  /** The newest version in the list: a refetch after another admin's save brings it here. */
  configuration: Row;
  formValues: (row: Row) => Values;
  update: (input: Values & { id: string; updatedAt: string }) => Promise<unknown>;
  onDone: () => void;
  children: ReactNode;
}) {
  const { isSubmitting } = form.formState;
  const edited = useEditedVersion({
    loaded: configuration.updatedAt,
    subject: "diese Konfiguration",
    reset: () => form.reset(formValues(configuration)),
  });

  async function onSubmit(values: Values) {
    try {
      await update({ id: configuration.id, ...values, updatedAt: edited.version });
      toast.success(texts.updated);
      onDone();
    } catch (error) {
      toastFailure(texts.updateFailed, error);
      edited.refused(error);
      showNameTaken(error, form);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <DialogHeading
        title={texts.editTitle}
        description={
          configuration.inUse
            ? "Der Generator nutzt diese Konfiguration: Ihre Änderung gilt ab der nächsten Generierung."
            : texts.requiredFields
        }
      />
      {edited.notice}
      {children}
      <FormFooter
        onCancel={onDone}
        submitLabel={isSubmitting ? "Wird gespeichert..." : "Speichern"}
        submitDisabled={isSubmitting || edited.newerVersionLoaded}
      />
    </form>
  );
}

function DialogHeading({ title, description }: { title: string; description: string }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

function FormFooter({
  onCancel,
  submitLabel,
  submitDisabled,
}: {
  onCancel: () => void;
  submitLabel: string;
  submitDisabled: boolean;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Abbrechen
      </Button>
      <Button type="submit" disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** A name another row has is shown at the name field, where the admin fixes it. */
function showNameTaken<Values extends NamedValues>(error: unknown, form: UseFormReturn<Values>) {
  // Every configuration form has a name; TypeScript cannot see that through Values.
  const name = "name" as Path<Values>;
  if (isNameTaken(error)) form.setError(name, { message: CONFIGURATION_MESSAGES.nameTaken }, { shouldFocus: true });
}

export function DeleteConfiguration({
  texts,
  configuration,
  remove,
  onDone,
}: {
  texts: ConfigurationTexts;
  configuration: Configuration;
  remove: UseMutationResult<void, Error, string>;
  onDone: () => void;
}) {
  return (
    <>
      <DialogHeading title={texts.deleteTitle} description={`„${configuration.name}“ wird endgültig gelöscht.`} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(configuration.id, {
              onSuccess: () => toast.success(texts.deleted),
              onError: (error) => toastFailure(texts.deleteFailed, error),
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

export type ConfigurationFieldsProps<Values extends FieldValues> = {
  form: UseFormReturn<Values>;
  idPrefix: string;
  nameLocked: boolean;
};

/** The generator finds its configuration by name, so that one's name is locked. */
export function NameField({
  locked,
  ...props
}: { id: string; error: string | undefined; locked: boolean } & UseFormRegisterReturn<"name">) {
  return (
    <div className="grid gap-1.5">
      <InputField label="Name" autoComplete="off" readOnly={locked} {...props} />
      {locked ? (
        <p className="text-sm text-slate-600">
          Der Generator findet diese Konfiguration über ihren Namen; er lässt sich daher nicht ändern.
        </p>
      ) : null}
    </div>
  );
}
