import MessageSquareText from "lucide-react/icons/message-square-text";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "#app/components/ui/form-field.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { ADMIN_TEXTS } from "#shared/admin.ts";
import {
  type CreatePromptConfigurationInput,
  CreatePromptConfigurationSchema,
} from "#shared/generator-configurations.schemas.ts";
import { GENERATOR_PLACEHOLDERS } from "#shared/generator-configurations.ts";
import {
  type ConfigurationFieldsProps,
  ConfigurationPanel,
  type ConfigurationTexts,
  CreateConfigurationForm,
  DeleteConfiguration,
  EditConfigurationForm,
  NameField,
} from "./configuration-panel.tsx";
import {
  type PromptConfiguration,
  useCreatePromptConfiguration,
  useDeletePromptConfiguration,
  usePromptConfigurations,
  useUpdatePromptConfiguration,
} from "./use-configurations.ts";

const EMPTY_PROMPT: CreatePromptConfigurationInput = { name: "", systemPrompt: "", userPrompt: "" };

const resolver = zodResolver(CreatePromptConfigurationSchema);
const formValues = (row: PromptConfiguration): CreatePromptConfigurationInput => ({
  name: row.name,
  systemPrompt: row.systemPrompt,
  userPrompt: row.userPrompt,
});

const TEXTS: ConfigurationTexts = {
  title: "Prompt-Konfigurationen",
  description:
    "Der Generator liest die markierte Konfiguration bei jeder Generierung neu; eine Änderung gilt ab der nächsten Generierung. Sie lässt sich bearbeiten, aber weder umbenennen noch löschen. Im Demo-Modus (ohne KI-Anbieter) werden keine Prompts verwendet.",
  loadFailed: "Die Prompt-Konfigurationen konnten nicht geladen werden.",
  empty: "Noch keine Prompt-Konfigurationen.",
  newTitle: "Neue Prompt-Konfiguration",
  editTitle: "Prompt-Konfiguration bearbeiten",
  deleteTitle: "Prompt-Konfiguration löschen?",
  requiredFields: "Name, System-Prompt und User-Prompt sind Pflichtfelder.",
  created: ADMIN_TEXTS.promptCreated,
  createFailed: ADMIN_TEXTS.promptCreateFailed,
  updated: ADMIN_TEXTS.promptUpdated,
  updateFailed: ADMIN_TEXTS.promptUpdateFailed,
  deleted: ADMIN_TEXTS.promptDeleted,
  deleteFailed: ADMIN_TEXTS.promptDeleteFailed,
};

// Spec sections 2, 7 and 8: the prompt configurations, oldest first; create, edit, delete.
export function PromptsPanel() {
  const query = usePromptConfigurations();
  return (
    <ConfigurationPanel
      texts={TEXTS}
      icon={MessageSquareText}
      query={query}
      rowAlign="start"
      summary={(row) => (
        <>
          <p className="mt-0.5 text-xs text-slate-500">Geändert am {formatDateTime(row.updatedAt)}</p>
          <p className="mt-2 line-clamp-2 whitespace-pre-wrap break-words text-sm text-slate-700">{row.systemPrompt}</p>
        </>
      )}
      dialogWidth="wide"
      CreateForm={CreatePromptForm}
      EditForm={EditPromptForm}
      DeleteDialog={DeletePrompt}
    />
  );
}

function CreatePromptForm({ onDone }: { onDone: () => void }) {
  const create = useCreatePromptConfiguration();
  const form = useForm<CreatePromptConfigurationInput>({ resolver, defaultValues: EMPTY_PROMPT });
  return (
    <CreateConfigurationForm form={form} texts={TEXTS} create={create.mutateAsync} onDone={onDone}>
      <PromptFields form={form} idPrefix="new-prompt" nameLocked={false} />
    </CreateConfigurationForm>
  );
}

function EditPromptForm({ configuration, onDone }: { configuration: PromptConfiguration; onDone: () => void }) {
  const update = useUpdatePromptConfiguration();
  const form = useForm<CreatePromptConfigurationInput>({ resolver, defaultValues: formValues(configuration) });
  return (
    <EditConfigurationForm
      form={form}
      texts={TEXTS}
      configuration={configuration}
      formValues={formValues}
      update={update.mutateAsync}
      onDone={onDone}
    >
      <PromptFields form={form} idPrefix={`prompt-${configuration.id}`} nameLocked={configuration.inUse} />
    </EditConfigurationForm>
  );
}

function DeletePrompt({ configuration, onDone }: { configuration: PromptConfiguration; onDone: () => void }) {
  const remove = useDeletePromptConfiguration();
  return <DeleteConfiguration texts={TEXTS} configuration={configuration} remove={remove} onDone={onDone} />;
}

function PromptFields({ form, idPrefix, nameLocked }: ConfigurationFieldsProps<CreatePromptConfigurationInput>) {
  const { errors } = form.formState;
  const systemId = `${idPrefix}-system`;
  const userId = `${idPrefix}-user`;
  return (
    <div className="grid gap-4">
      <NameField id={`${idPrefix}-name`} locked={nameLocked} error={errors.name?.message} {...form.register("name")} />
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
