import ImagePlus from "lucide-react/icons/image-plus";
import X from "lucide-react/icons/x";
import { useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  GENERATOR_MESSAGES,
  IMAGE_ACCEPT_LABEL,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MEGABYTES,
  IMAGE_MEDIA_TYPES,
} from "#shared/generator.ts";

export type SelectedImage = { name: string; dataUrl: string };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("read")));
    reader.onerror = () => reject(reader.error ?? new Error("read"));
    reader.readAsDataURL(file);
  });
}

// Spec section 5 "Image": checked here for quick feedback; the server checks the bytes
// again (ADR 0013). The image travels as a base64 data URL (`imageData`).
export function ImageField({
  value,
  onChange,
  disabled,
}: {
  value: SelectedImage | null;
  onChange: (image: SelectedImage | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  async function select(file: File | undefined) {
    setError(null);
    if (!file) return;
    const type = file.type === "image/jpg" ? "image/jpeg" : file.type;
    const reset = () => {
      if (inputRef.current) inputRef.current.value = "";
    };
    if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(type)) {
      reset();
      return setError(GENERATOR_MESSAGES.imageType);
    }
    if (file.size > IMAGE_MAX_BYTES) {
      reset();
      return setError(GENERATOR_MESSAGES.imageTooLarge);
    }
    try {
      onChange({ name: file.name, dataUrl: await readAsDataUrl(file) });
    } catch {
      reset();
      setError(GENERATOR_MESSAGES.imageUnreadable);
    }
  }

  function remove() {
    onChange(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        Bild (optional)
      </label>
      {value ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-2">
          <img src={value.dataUrl} alt="" className="size-14 rounded-md object-cover" />
          <span className="min-w-0 flex-1 truncate text-sm text-slate-800" data-testid="image-name">
            {value.name}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={remove}
            disabled={disabled}
            aria-label="Bild entfernen"
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : null}
      <label
        htmlFor={id}
        className={`flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-3 text-sm text-slate-700 hover:border-indigo-400 hover:bg-indigo-50/40 ${value ? "sr-only" : ""}`}
      >
        <ImagePlus className="size-5 text-indigo-600" aria-hidden />
        <span>
          Bild auswählen
          <span className="block text-xs text-slate-500">
            {IMAGE_ACCEPT_LABEL} · max. {IMAGE_MAX_MEGABYTES} MB
          </span>
        </span>
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={IMAGE_MEDIA_TYPES.join(",")}
        className="sr-only"
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => void select(event.target.files?.[0])}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
