import LoaderCircle from "lucide-react/icons/loader-circle";
import Sparkles from "lucide-react/icons/sparkles";
import { type ComponentProps, type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, InputField } from "#app/components/ui/form-field.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/lib/cn.ts";
import type { z } from "#app/lib/zod.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { type GenerateRequest, GenerateRequestSchema } from "#shared/generator.schemas.ts";
import {
  GENERATOR_DEFAULTS,
  KEY_POINTS_MAX_LENGTH,
  LANGUAGE_LABELS,
  LANGUAGES,
  PLATFORM_LABELS,
  PLATFORMS,
  POST_FORMAT_LABELS,
  POST_FORMATS,
  THREAD_FORMAT_PLATFORM,
  TONE_LABELS,
  TONES,
} from "#shared/generator.ts";
import { loadStoredForm, storeForm } from "./generator-session.ts";
import { ImageField, type SelectedImage } from "./image-field.tsx";
import { LanguageFlag } from "./language-flag.tsx";
import { OwnExamplesSwitch } from "./own-examples-switch.tsx";

// The form's part of the request; the image is kept beside it as a data URL.
const FormSchema = GenerateRequestSchema.omit({ imageData: true });
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const DEFAULT_VALUES: FormInput = { keyPoints: "", website: "", ...GENERATOR_DEFAULTS };

/** The values of the last visit in this tab (ADR 0065): only the known fields, only as text. */
function initialValues(stored: Record<string, unknown> | undefined): FormInput {
  const values: Record<string, unknown> = { ...DEFAULT_VALUES };
  for (const key of Object.keys(DEFAULT_VALUES)) if (typeof stored?.[key] === "string") values[key] = stored[key];
  return values as FormInput;
}

// Spec sections 2 "/erstellen" and 5. The values stay after a failed run, so the user can
// simply try again.
export function GeneratorForm({
  generating,
  demo,
  onGenerate,
}: {
  generating: boolean;
  demo: boolean;
  onGenerate: (request: GenerateRequest) => Promise<void>;
}) {
  const [stored] = useState(loadStoredForm);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: initialValues(stored?.values),
  });
  const { errors } = form.formState;
  const [image, setImage] = useState<SelectedImage | null>(stored?.image ?? null);
  // ADR 0114: sent with every run, so the server never guesses from a stored setting.
  const [useOwnExamples, setUseOwnExamples] = useState(false);

  // Kept for the trip to the archive and back (ADR 0065).
  useEffect(() => {
    storeForm(form.getValues(), image);
    const subscription = form.watch((values) => storeForm(values, image));
    return () => subscription.unsubscribe();
  }, [form, image]);
  const language = form.watch("language");
  const platform = form.watch("platform");
  const format = form.watch("format");
  const threadsOffered = platform === THREAD_FORMAT_PLATFORM;

  async function submit(values: FormOutput) {
    // ADR 0065: the format choice is hidden for other networks and ignored there.
    const chosenFormat = threadsOffered ? values.format : "post";
    await onGenerate({ ...values, format: chosenFormat, useOwnExamples, imageData: image?.dataUrl ?? null });
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-5" aria-label="Beiträge erstellen">
      <FormField id="keyPoints" label="Text oder Stichwörter" error={errors.keyPoints?.message}>
        <Textarea
          id="keyPoints"
          rows={5}
          placeholder="z. B. Neue Zimtschnecken mit Kardamom, jeden Samstag ab 7 Uhr, Bäckerei am Markt"
          maxLength={KEY_POINTS_MAX_LENGTH}
          aria-invalid={Boolean(errors.keyPoints)}
          aria-describedby={errors.keyPoints ? "keyPoints-error" : undefined}
          {...form.register("keyPoints")}
        />
      </FormField>
      <InputField
        id="website"
        label="Website (optional)"
        type="url"
        inputMode="url"
        placeholder="https://www.ihre-website.de"
        error={errors.website?.message}
        {...form.register("website")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="platform" label="Netzwerk" error={errors.platform?.message}>
          <Select id="platform" {...form.register("platform")}>
            {PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {PLATFORM_LABELS[platform]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="tone" label="Tonalität" error={errors.tone?.message}>
          <Select id="tone" {...form.register("tone")}>
            {TONES.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_LABELS[tone]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {threadsOffered ? (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-slate-900">Format</legend>
          <div className="flex flex-wrap gap-2">
            {POST_FORMATS.map((value) => (
              <ChoiceLabel key={value} selected={format === value} radio={{ value, ...form.register("format") }}>
                {POST_FORMAT_LABELS[value]}
              </ChoiceLabel>
            ))}
          </div>
        </fieldset>
      ) : null}
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-900">Sprache</legend>
        <div className="flex flex-wrap gap-2">
          {LANGUAGES.map((value) => (
            <ChoiceLabel key={value} selected={language === value} radio={{ value, ...form.register("language") }}>
              <LanguageFlag language={value} />
              {LANGUAGE_LABELS[value]}
            </ChoiceLabel>
          ))}
        </div>
      </fieldset>
      <ImageField value={image} onChange={setImage} disabled={generating} />
      <OwnExamplesSwitch platform={platform} demo={demo} disabled={generating} onActiveChange={setUseOwnExamples} />
      <Button type="submit" size="lg" disabled={generating} className="w-full sm:w-auto sm:justify-self-start">
        {generating ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
        {generating ? "Wird generiert..." : "Beiträge generieren"}
      </Button>
    </form>
  );
}

/** A radio button shown as a chip: the form's language and format choices. */
function ChoiceLabel({
  selected,
  radio,
  children,
}: {
  selected: boolean;
  radio: ComponentProps<"input">;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500",
        selected
          ? "border-indigo-500 bg-indigo-50 font-medium text-indigo-900"
          : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
      )}
    >
      <input type="radio" className="sr-only" {...radio} />
      {children}
    </label>
  );
}
