import { useId } from "react";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { CONTENT_WARNING_MAX } from "#shared/publishing.ts";

// Mastodon's content warning (ADR 0095): optional, offered only while a Mastodon account is chosen.
// Mastodon shows the warning and folds the post away until the reader opens it.

export function ContentWarningField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Inhaltswarnung (optional)</Label>
      <Input
        id={id}
        value={value}
        maxLength={CONTENT_WARNING_MAX}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Nur für Mastodon: Dort erscheint zuerst nur diese Warnung, der Beitrag erst nach einem Klick. Die Warnung zählt
        zur Zeichengrenze der Instanz.
      </p>
    </div>
  );
}
