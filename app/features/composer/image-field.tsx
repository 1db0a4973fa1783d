import ImagePlus from "lucide-react/icons/image-plus";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Trash2 from "lucide-react/icons/trash";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { toApiError } from "#app/lib/api.ts";
import { cn } from "#app/lib/cn.ts";
import { IMAGE_ALT_MAX, MEDIA_FILE_FIELD, MEDIA_MAX_BYTES, MEDIA_MESSAGES, MEDIA_TYPES } from "#shared/media.ts";
import type { ComposerValue } from "./composer-value.ts";

// The composer's image (ADR 0086): dropped or picked, checked here for type and size (the server
// checks again and re-encodes it), shown as a thumbnail with its description. A missing
// description is allowed but warned about where everyone sees it.

type Image = NonNullable<ComposerValue["image"]>;

/** POST /api/media as multipart/form-data; the typed client does not build forms with files. */
async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.set(MEDIA_FILE_FIELD, file);
  const response = await fetch("/api/media", { method: "POST", body: form, credentials: "same-origin" });
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as { url: string }).url;
}

export function ImageField({ image, onChange }: { image: Image | null; onChange: (image: Image | null) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function take(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (!(MEDIA_TYPES as readonly string[]).includes(file.type)) return setError(MEDIA_MESSAGES.type);
    if (file.size > MEDIA_MAX_BYTES) return setError(MEDIA_MESSAGES.tooLarge);
    setUploading(true);
    try {
      onChange({ url: await uploadImage(file), alt: image?.alt ?? "" });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MEDIA_MESSAGES.unreadable);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  }

  const altId = `${id}-alt`;
  const altWarningId = `${id}-alt-warning`;
  const altMissing = image !== null && image.alt.trim() === "";

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Bild</legend>
      {image ? (
        <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[6rem_1fr]">
          <div className="grid gap-2 justify-items-start">
            <img src={image.url} alt="" className="size-24 rounded object-cover" data-testid="composer-thumbnail" />
            <Button type="button" size="sm" variant="outline" onClick={() => onChange(null)}>
              <Trash2 aria-hidden />
              Bild entfernen
            </Button>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={altId}>Bildbeschreibung (Alternativtext)</Label>
            <Textarea
              id={altId}
              rows={3}
              value={image.alt}
              maxLength={IMAGE_ALT_MAX}
              onChange={(event) => onChange({ ...image, alt: event.target.value })}
              aria-describedby={altMissing ? altWarningId : undefined}
              placeholder="Was zeigt das Bild?"
            />
            <p className="text-right text-xs tabular-nums text-slate-600">
              {image.alt.length} / {IMAGE_ALT_MAX} Zeichen
            </p>
            {altMissing ? (
              <p
                id={altWarningId}
                data-testid="alt-missing"
                className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {MEDIA_MESSAGES.altMissing}
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        // The drop zone is a convenience; the button beside it is the way for keyboards.
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file has no keyboard equivalent; the button is one.
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid="image-drop-zone"
          className={cn(
            "grid justify-items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm text-slate-700",
            dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300",
          )}
        >
          <p>Bild hierher ziehen oder</p>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={MEDIA_TYPES.join(",")}
            // Hidden: the button opens it, so there is one control for keyboards and screen readers.
            className="hidden"
            onChange={(event) => void take(event.target.files?.[0])}
            disabled={uploading}
          />
          <Button type="button" size="sm" variant="outline" disabled={uploading} onClick={() => input.current?.click()}>
            {uploading ? <LoaderCircle className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />}
            {uploading ? "Wird hochgeladen …" : "Bild auswählen"}
          </Button>
          <p className="text-xs text-slate-600">JPEG, PNG, WEBP oder GIF, höchstens 10 MB.</p>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
