import History from "lucide-react/icons/rotate-ccw-clock";
import { lazy, Suspense, useDeferredValue, useState } from "react";
import { Link } from "react-router";
import { AccordionContent, AccordionTrigger } from "#app/components/ui/accordion.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { oncePerPage, useLoadedOnce } from "#app/lib/once-per-page.ts";
import {
  ACCEPTED_CONSENT_SETTINGS,
  CONSENT_ACCORDION_HEIGHT_PX,
  CONSENT_CATEGORIES,
  CONSENT_CATEGORY_TEXTS,
  type ConsentCategory,
  type ConsentSettings,
  DEFAULT_CONSENT_SETTINGS,
  REJECTED_CONSENT_SETTINGS,
} from "#shared/consent.ts";
import { ROUTES } from "#shared/routes.ts";
import { saveConsent } from "./consent-actions.ts";
import { type CookieDefinition, fetchCookieDefinitions, logConsentProblem } from "./consent-api.ts";
import { closeConsentDialog, useConsentState } from "./consent-store.ts";

// The history needs a table, checkboxes and date formatting; only those who open it load them.
const ConsentHistoryDialog = lazy(() =>
  import("./consent-history-dialog.tsx").then((module) => ({ default: module.ConsentHistoryDialog })),
);

// The content of the cookie consent dialog (spec section 2 "Cookie consent dialog", section 4
// "Consent"), shown in the first-visit banner (consent-banner.tsx) and in the dialog the footer
// opens (consent-dialog.tsx). Both render inside DialogLabels, which names them.

// Spec section 8: a failure to load the definitions is only logged; the categories remain.
async function loadCookieDefinitions(): Promise<CookieDefinition[]> {
  try {
    return await fetchCookieDefinitions();
  } catch (error) {
    logConsentProblem("Cookie-Definitionen konnten nicht geladen werden", error);
    return [];
  }
}

// Shared by the banner and the dialog.
const loadCookieDefinitionsOnce = oncePerPage(loadCookieDefinitions);

// Mounted each time the dialog opens (the dialog renders its content only while open), so the
// switches start from the choice in effect.
export function ConsentChoices() {
  const { settings, saving } = useConsentState();
  const [selection, setSelection] = useState<ConsentSettings>(settings ?? DEFAULT_CONSENT_SETTINGS);
  const [historyOpen, setHistoryOpen] = useState(false);
  const definitions = useLoadedOnce(loadCookieDefinitionsOnce);
  // Spec section 2: all buttons and the optional switches are disabled while loading.
  const busy = definitions === undefined || saving;
  // The cookie cards of all four categories render as a transition React may split, not in
  // the task in which the definitions arrive (ADR 0019).
  const deferredDefinitions = useDeferredValue(definitions);

  return (
    <>
      <DialogHeader className="shrink-0">
        <DialogTitle>Cookie-Einstellungen</DialogTitle>
        <DialogDescription>
          Wir nutzen Cookies und ähnliche Techniken. Technisch notwendige brauchen wir für den Betrieb, alle anderen nur
          mit Ihrer Zustimmung.
        </DialogDescription>
        {/* A second paragraph, not one long one: on a phone one long block here would be larger than the page's
            own text and become the page's Largest Contentful Paint, painted only after hydration (ADR 0016). */}
        <p className="text-sm text-slate-600">
          Ihre Auswahl können Sie jederzeit über „Cookie-Einstellungen“ am Seitenende ändern oder widerrufen. Mehr dazu
          in unserer{" "}
          <Link to={ROUTES.privacy} onClick={closeConsentDialog} className="text-indigo-700 underline">
            Datenschutzerklärung
          </Link>{" "}
          und den{" "}
          <Link to={ROUTES.terms} onClick={closeConsentDialog} className="text-indigo-700 underline">
            AGB
          </Link>
          .
        </p>
      </DialogHeader>

      {/* Spec section 9: CONSENT_ACCORDION_HEIGHT_PX high; on a small screen it gives way so the buttons stay visible. */}
      <div
        className="min-h-18 shrink overflow-y-auto rounded-lg border border-slate-200 px-4"
        style={{ height: CONSENT_ACCORDION_HEIGHT_PX }}
      >
        {CONSENT_CATEGORIES.map((category) => (
          <ConsentCategoryItem
            key={category}
            category={category}
            checked={selection[category]}
            disabled={category === "essential" || busy}
            onCheckedChange={(checked) => setSelection((current) => ({ ...current, [category]: checked }))}
            definitions={deferredDefinitions?.filter((definition) => definition.category === category)}
          />
        ))}
      </div>

      <Button variant="link" size="inline" className="shrink-0 self-start" onClick={() => setHistoryOpen(true)}>
        <History aria-hidden />
        Verlauf anzeigen
      </Button>
      {historyOpen ? (
        <Suspense fallback={null}>
          <ConsentHistoryDialog onClose={() => setHistoryOpen(false)} />
        </Suspense>
      ) : null}

      {/* Rejecting is as easy and as prominent as accepting: side by side, same style. */}
      <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button disabled={busy} onClick={() => saveConsent(REJECTED_CONSENT_SETTINGS)}>
          Ablehnen
        </Button>
        <Button
          variant="outline"
          className="order-last col-span-2 sm:order-none"
          disabled={busy}
          onClick={() => saveConsent(selection)}
        >
          Auswahl speichern
        </Button>
        <Button disabled={busy} onClick={() => saveConsent(ACCEPTED_CONSENT_SETTINGS)}>
          Alle akzeptieren
        </Button>
      </div>
    </>
  );
}

type ConsentCategoryItemProps = {
  category: ConsentCategory;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
  definitions: CookieDefinition[] | undefined;
};

function ConsentCategoryItem({ category, checked, disabled, onCheckedChange, definitions }: ConsentCategoryItemProps) {
  const { label, description } = CONSENT_CATEGORY_TEXTS[category];
  // The switch sits beside the category's summary, not inside it: a control within a <summary>
  // would toggle the category as well and is not announced on its own.
  return (
    <div className="relative border-b border-slate-200 last:border-b-0">
      {/* A bare item: the wrapper carries the line between categories, the switch included. */}
      <details name="cookie-categories" className="group">
        <AccordionTrigger className="pr-16 focus-visible:ring-inset">
          <span className="flex flex-col gap-0.5">
            <span>{label}</span>
            <span className="text-sm font-normal text-slate-600">{description}</span>
          </span>
        </AccordionTrigger>
        <AccordionContent className="flex flex-col gap-3">
          {definitions === undefined ? (
            <Spinner label="Cookie-Informationen werden geladen..." />
          ) : (
            definitions.map((definition) => <CookieDefinitionCard key={definition.id} definition={definition} />)
          )}
        </AccordionContent>
      </details>
      <span className="absolute right-0 top-5 flex">
        <Switch
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
          aria-label={category === "essential" ? `${label} (immer aktiv)` : `${label} erlauben`}
        />
      </span>
    </div>
  );
}

function CookieDefinitionCard({ definition }: { definition: CookieDefinition }) {
  const facts = [
    ["Anbieter", definition.provider],
    ["Zweck", definition.purpose],
    ["Speicherdauer", definition.duration],
    // Spec section 2: the data transfer location only "if present".
    ...(definition.data_transfer_location ? [["Datenübertragung", definition.data_transfer_location]] : []),
  ];
  return (
    <section aria-label={definition.name} className="rounded-md bg-slate-50 p-3 text-sm">
      <p className="break-all font-mono font-medium text-slate-900">{definition.name}</p>
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[9rem_1fr]">
        {facts.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-700">{term}</dt>
            <dd className="mb-1 text-slate-700 sm:mb-0">{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
