import Gauge from "lucide-react/icons/gauge";
import { useForm } from "react-hook-form";
import { FormField } from "#app/components/ui/form-field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { ADMIN_TEXTS, MAX_TOKENS_LIMIT, NEW_TOKEN_CONFIGURATION_MAX_TOKENS } from "#shared/admin.ts";
import {
  type CreateTokenConfigurationInput,
  CreateTokenConfigurationSchema,
} from "#shared/generator-configurations.schemas.ts";
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
  parseIntegerOrZero,
  type TokenConfiguration,
  useCreateTokenConfiguration,
  useDeleteTokenConfiguration,
  useTokenConfigurations,
  useUpdateTokenConfiguration,
} from "./use-configurations.ts";

// Spec section 9: a new configuration starts at 1000 max tokens.
const NEW_TOKENS: CreateTokenConfigurationInput = { name: "", maxTokens: NEW_TOKEN_CONFIGURATION_MAX_TOKENS };

const formatTokens = (value: number) => value.toLocaleString("de-DE");
const resolver = zodResolver(CreateTokenConfigurationSchema);
const formValues = (row: TokenConfiguration): CreateTokenConfigurationInput => ({
  name: row.name,
  maxTokens: row.maxTokens,
});

const TEXTS: ConfigurationTexts = {
  title: "Token-Konfigurationen",
  description:
    "Die höchste Zahl an Tokens, die das Modell je Generierung schreiben darf. Der Generator liest die markierte Konfiguration bei jeder Generierung neu; sie lässt sich bearbeiten, aber weder umbenennen noch löschen.",
  loadFailed: "Die Token-Konfigurationen konnten nicht geladen werden.",
  empty: "Noch keine Token-Konfigurationen.",
  newTitle: "Neue Token-Konfiguration",
  editTitle: "Token-Konfiguration bearbeiten",
  deleteTitle: "Token-Konfiguration löschen?",
  requiredFields: "Name und Max. Tokens sind Pflichtfelder.",
  created: ADMIN_TEXTS.tokenCreated,
  createFailed: ADMIN_TEXTS.tokenCreateFailed,
  updated: ADMIN_TEXTS.tokenUpdated,
  updateFailed: ADMIN_TEXTS.tokenUpdateFailed,
  deleted: ADMIN_TEXTS.tokenDeleted,
  deleteFailed: ADMIN_TEXTS.tokenDeleteFailed,
};

// Spec sections 2, 7 and 8: the token configurations, oldest first; create, edit, delete.
export function TokensPanel() {
  const query = useTokenConfigurations();
  return (
    <ConfigurationPanel
      texts={TEXTS}
      icon={Gauge}
      query={query}
      rowAlign="center"
      summary={(row) => (
        <p className="mt-0.5 text-sm text-slate-700">
          <span className="font-semibold tabular-nums">{formatTokens(row.maxTokens)}</span> Max. Tokens
          <span className="text-xs text-slate-500"> · geändert am {formatDateTime(row.updatedAt)}</span>
        </p>
      )}
      dialogWidth="normal"
      CreateForm={CreateTokensForm}
      EditForm={EditTokensForm}
      DeleteDialog={DeleteTokens}
    />
  );
}

function CreateTokensForm({ onDone }: { onDone: () => void }) {
  const create = useCreateTokenConfiguration();
  const form = useForm<CreateTokenConfigurationInput>({ resolver, defaultValues: NEW_TOKENS });
  return (
    <CreateConfigurationForm form={form} texts={TEXTS} create={create.mutateAsync} onDone={onDone}>
      <TokenFields form={form} idPrefix="new-tokens" nameLocked={false} />
    </CreateConfigurationForm>
  );
}

function EditTokensForm({ configuration, onDone }: { configuration: TokenConfiguration; onDone: () => void }) {
  const update = useUpdateTokenConfiguration();
  const form = useForm<CreateTokenConfigurationInput>({ resolver, defaultValues: formValues(configuration) });
  return (
    <EditConfigurationForm
      form={form}
      texts={TEXTS}
      configuration={configuration}
      formValues={formValues}
      update={update.mutateAsync}
      onDone={onDone}
    >
      <TokenFields form={form} idPrefix={`tokens-${configuration.id}`} nameLocked={configuration.inUse} />
    </EditConfigurationForm>
  );
}

function DeleteTokens({ configuration, onDone }: { configuration: TokenConfiguration; onDone: () => void }) {
  const remove = useDeleteTokenConfiguration();
  return <DeleteConfiguration texts={TEXTS} configuration={configuration} remove={remove} onDone={onDone} />;
}

function TokenFields({ form, idPrefix, nameLocked }: ConfigurationFieldsProps<CreateTokenConfigurationInput>) {
  const { errors } = form.formState;
  const tokensId = `${idPrefix}-max-tokens`;
  const hintId = `${tokensId}-hint`;
  return (
    <div className="grid gap-4">
      <NameField id={`${idPrefix}-name`} locked={nameLocked} error={errors.name?.message} {...form.register("name")} />
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
