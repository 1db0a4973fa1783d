import type { ComponentProps, ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

// A labelled control with its validation message announced to screen readers.
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// The common case: a text input whose error is wired to it (aria-invalid, aria-describedby).
export function InputField({
  id,
  label,
  error,
  ...inputProps
}: { id: string; label: string; error?: string } & ComponentProps<typeof Input>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
      />
    </FormField>
  );
}

// An InputField bound to a react-hook-form field: registered under `name`, showing that field's
// validation message. `id` defaults to the name; forms that share a page give their own.
export function FormInput<T extends FieldValues>({
  form,
  name,
  id = name,
  ...inputProps
}: { form: UseFormReturn<T>; name: Path<T>; id?: string; label: string } & Omit<
  ComponentProps<typeof Input>,
  "id" | "name" | "form"
>) {
  const { error } = form.getFieldState(name, form.formState);
  return <InputField id={id} error={error?.message} {...inputProps} {...form.register(name)} />;
}
