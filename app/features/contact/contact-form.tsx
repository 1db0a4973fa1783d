import Send from "lucide-react/icons/send";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, FormInput } from "#app/components/ui/form-field.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { api, toApiError } from "#app/lib/api.ts";
import { lazyZodResolver } from "#app/lib/lazy-resolver.ts";
import { loadToast } from "#app/lib/lazy-toast.ts";
import type { ContactFormInput } from "#shared/contact.schemas.ts";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_TEXTS } from "#shared/contact.ts";

const EMPTY_FORM: ContactFormInput = { name: "", email: "", message: "" };

// zod and the schema load when the visitor first focuses the form (lazy-resolver.ts says why).
const contactResolver = lazyZodResolver<ContactFormInput>(() =>
  import("#shared/contact.schemas.ts").then((module) => module.ContactFormSchema),
);

// Declarative WebMCP (ADR 0033): an agent in the visitor's browser sees this form as a tool and
// may fill it in; without `toolautosubmit` the visitor checks it and sends it themselves.
const WEBMCP_FORM = {
  toolname: "send-contact-message",
  tooldescription:
    "Schreibt dem Postwerk-Team eine Nachricht (Fragen zu Postwerk, zum Konto oder zum Pro-Plan). Das Team antwortet per E-Mail an die angegebene Adresse. Füllt das Formular aus; absenden muss die Besucherin oder der Besucher selbst.",
};
const WEBMCP_PARAMETERS = {
  name: "Vor- und Nachname der Person, die schreibt.",
  email: "E-Mail-Adresse, an die das Team antworten soll.",
  message: `Die Nachricht an das Team, ${CONTACT_MESSAGE_MIN_LENGTH} bis ${CONTACT_MESSAGE_MAX_LENGTH} Zeichen.`,
  // The honeypot (ADR 0011) is a named field an agent would otherwise fill.
  website: "Immer leer lassen: Schutz vor Spam.",
};

// Spec sections 2 "/kontakt", 5 and 8. The form keeps what was typed when sending fails
// (docs/design.md) and is emptied only after the server has the message.
export function ContactForm() {
  const form = useForm<ContactFormInput>({ resolver: contactResolver.resolver, defaultValues: EMPTY_FORM });
  const { errors, isSubmitting } = form.formState;
  const honeypot = useRef<HTMLInputElement>(null);
  // ADR 0011: the fill time is measured from when the form became usable, with the
  // browser's monotonic clock, so a wrong system clock never marks a person as a bot.
  const shownAt = useRef(0);
  // The prerendered form cannot send before the page is hydrated; until then the button
  // stays disabled, so a native submission never puts the message into a URL.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    shownAt.current = performance.now();
    setReady(true);
  }, []);

  async function onSubmit(values: ContactFormInput) {
    const response = await api.contact
      .$post({
        json: {
          ...values,
          website: honeypot.current?.value ?? "",
          fillDurationMs: Math.round(performance.now() - shownAt.current),
        },
      })
      .catch(() => null);
    if (!response?.ok) {
      // A refusal (400, 429) carries the server's German reason; anything else gets the spec's text.
      const error = response && response.status < 500 ? (await toApiError(response)).message : CONTACT_TEXTS.failed;
      (await loadToast()).error(error);
      return;
    }
    void loadToast().then((toast) => toast.success(CONTACT_TEXTS.sent));
    form.reset(EMPTY_FORM);
    shownAt.current = performance.now();
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      onFocus={contactResolver.preload}
      className="grid gap-5"
      {...WEBMCP_FORM}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInput
          form={form}
          name="name"
          id="contact-name"
          label="Name"
          autoComplete="name"
          required
          toolparamdescription={WEBMCP_PARAMETERS.name}
        />
        <FormInput
          form={form}
          name="email"
          id="contact-email"
          label="E-Mail"
          type="email"
          autoComplete="email"
          required
          toolparamdescription={WEBMCP_PARAMETERS.email}
        />
      </div>
      <FormField id="contact-message" label="Nachricht" error={errors.message?.message}>
        <Textarea
          id="contact-message"
          rows={7}
          required
          placeholder="Wie können wir Ihnen helfen?"
          toolparamdescription={WEBMCP_PARAMETERS.message}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={errors.message ? "contact-message-error" : undefined}
          {...form.register("message")}
        />
      </FormField>
      {/* ADR 0011: the honeypot. Off screen and hidden from assistive technology, out of the
          tab order and never autofilled, so only a bot that fills every field fills it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor="contact-website">Bitte leer lassen</label>
        <input
          ref={honeypot}
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          toolparamdescription={WEBMCP_PARAMETERS.website}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-slate-600">Alle Felder sind Pflichtfelder.</p>
        <Button type="submit" size="lg" disabled={!ready || isSubmitting}>
          <Send aria-hidden />
          {isSubmitting ? "Wird gesendet..." : "Nachricht senden"}
        </Button>
      </div>
    </form>
  );
}
