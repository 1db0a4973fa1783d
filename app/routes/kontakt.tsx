import Building2 from "lucide-react/icons/building-complex";
import CircleHelp from "lucide-react/icons/circle-question-mark";
import Clock from "lucide-react/icons/clock";
import ShieldCheck from "lucide-react/icons/shield-check";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ContactForm } from "#app/features/contact/contact-form.tsx";
import { LEGAL_CONFIG } from "#app/features/legal/legal-config.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () =>
  pageMeta({
    title: "Kontakt",
    description:
      "Fragen zu Postwerk, zu Ihrem Konto oder zum Pro-Plan? Schreiben Sie uns über das Kontaktformular – wir antworten persönlich per E-Mail.",
  });

const FACTS = [
  {
    icon: Clock,
    title: "Persönliche Antwort",
    text: "Jede Nachricht liest ein Mensch aus unserem Team. Wir antworten Ihnen so bald wie möglich per E-Mail.",
  },
  {
    icon: ShieldCheck,
    title: "Ihre Daten bleiben bei uns",
    text: "Wir verwenden Name, E-Mail-Adresse und Nachricht ausschließlich, um Ihre Anfrage zu beantworten.",
  },
];

export default function ContactPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pt-16 pb-10 sm:pt-20">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Kontakt</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Sie haben eine Frage zu Postwerk, eine Idee für eine neue Funktion oder brauchen Hilfe mit Ihrem Konto?
            Schreiben Sie uns – wir freuen uns auf Ihre Nachricht.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 pb-20 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Nachricht schreiben</CardTitle>
            <CardDescription>Wir antworten an die E-Mail-Adresse, die Sie hier angeben.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <aside aria-label="Gut zu wissen" className="grid content-start gap-6">
          {FACTS.map((fact) => (
            <div key={fact.title} className="flex gap-4">
              <fact.icon className="mt-0.5 size-6 shrink-0 text-indigo-600" aria-hidden />
              <div>
                <h2 className="font-semibold text-slate-900">{fact.title}</h2>
                <p className="mt-1 text-sm text-slate-700">{fact.text}</p>
              </div>
            </div>
          ))}
          <div className="flex gap-4">
            <CircleHelp className="mt-0.5 size-6 shrink-0 text-indigo-600" aria-hidden />
            <div>
              <h2 className="font-semibold text-slate-900">Schneller zur Antwort</h2>
              <p className="mt-1 text-sm text-slate-700">
                Viele Fragen zu Credits, Abo und Kündigung beantworten unsere{" "}
                <Link to={ROUTES.faq} className="font-medium text-indigo-700 underline underline-offset-2">
                  häufigen Fragen
                </Link>
                . Wie wir mit Ihren Daten umgehen, lesen Sie in der{" "}
                <Link to={ROUTES.privacy} className="font-medium text-indigo-700 underline underline-offset-2">
                  Datenschutzerklärung
                </Link>
                .
              </p>
            </div>
          </div>
          <OperatorAddress />
        </aside>
      </div>
    </>
  );
}

// The operator from COMPANY_* (ADR 0009), for those who prefer writing an e-mail or a letter.
function OperatorAddress() {
  const { company, isExample } = LEGAL_CONFIG;
  return (
    <div className="flex gap-4">
      <Building2 className="mt-0.5 size-6 shrink-0 text-indigo-600" aria-hidden />
      <div>
        <h2 className="font-semibold text-slate-900">Anschrift</h2>
        <address className="mt-1 text-sm not-italic text-slate-700">
          {company.name}
          <br />
          {company.street}
          <br />
          {company.postalCode} {company.city}
          <br />
          E-Mail:{" "}
          <a href={`mailto:${company.email}`} className="font-medium text-indigo-700 underline underline-offset-2">
            {company.email}
          </a>
          {company.phone ? (
            <>
              <br />
              Telefon: {company.phone}
            </>
          ) : null}
        </address>
        {isExample ? (
          <p className="mt-2 text-xs text-slate-600">Beispielangaben – die echten Firmendaten fehlen noch.</p>
        ) : null}
      </div>
    </div>
  );
}
