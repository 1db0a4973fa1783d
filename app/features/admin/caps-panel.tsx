import BarChart3 from "lucide-react/icons/chart-column";
import Gauge from "lucide-react/icons/gauge";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { ApiError } from "#app/lib/api.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { NETWORK_IDS, NETWORKS } from "#shared/networks.ts";
import {
  type PublishingCapsFormInput,
  PublishingCapsFormSchema,
  type PublishingCapsFormValues,
  toPublishingCapsForm,
} from "#shared/publishing-caps.schemas.ts";
import { CAP_PLAN_LABELS, CAP_PLANS, type PublishingCaps } from "#shared/publishing-caps.ts";
import { AdminPanelCard } from "./admin-panel-card.tsx";
import { AdminTable } from "./admin-table.tsx";
import { useEditedVersion } from "./conflict-notice.tsx";
import { type CapKind, useCaps, useUpdateCaps } from "./use-caps.ts";

// The operator's monthly caps per plan and network, one form for both tables of this shape:
// ADR 0053, "Kontingent je Plan": how many posts a month each plan may publish per network (X
// charges the operator per post; the server checks the cap when a post is planned and again right
// before it is sent). ADR 0105: how many posts a month the metrics may read per network (X bills
// every post read).
const PANELS = {
  publishing: {
    icon: Gauge,
    title: "Veröffentlichungen je Plan",
    description:
      "Höchstens so viele Beiträge darf ein Konto im Kalendermonat (Europe/Berlin) je Netzwerk senden oder planen. Leer: keine Obergrenze. 0: Veröffentlichen über dieses Netzwerk ist im Plan nicht enthalten. Wer mehrere Pläne hat, bekommt die höchste Obergrenze; „Kostenlos“ gilt für jedes Konto. Ein Thread zählt mit jedem seiner Beiträge.",
    subject: "die Kontingente",
    loadFailed: "Die Kontingente konnten nicht geladen werden.",
    saved: "Kontingente gespeichert.",
    submit: "Kontingente speichern",
    saveFailed: "Die Kontingente konnten nicht gespeichert werden.",
    caption: "Beiträge im Monat je Plan und Netzwerk",
    unit: "Beiträge im Monat",
  },
  reads: {
    icon: BarChart3,
    title: "Kennzahlen-Abrufe je Plan",
    description:
      "Höchstens so viele Beiträge liest Postwerk im Kalendermonat (Europe/Berlin) je Konto und Netzwerk, um ihre Kennzahlen abzurufen (X berechnet jeden gelesenen Beitrag). Ist die Grenze erreicht, fallen weitere Runden des Monats ohne Aufruf aus; Zahlen werden nie geschätzt. Leer: keine Obergrenze. 0: keine Kennzahlen über dieses Netzwerk im Plan. Wer mehrere Pläne hat, bekommt die höchste Obergrenze; „Kostenlos“ gilt für jedes Konto.",
    subject: "die Lesegrenzen",
    loadFailed: "Die Lesegrenzen konnten nicht geladen werden.",
    saved: "Lesegrenzen gespeichert.",
    submit: "Lesegrenzen speichern",
    saveFailed: "Die Lesegrenzen konnten nicht gespeichert werden.",
    caption: "Gelesene Beiträge im Monat je Plan und Netzwerk",
    unit: "gelesene Beiträge im Monat",
  },
} as const satisfies Record<CapKind, unknown>;

type PanelTexts = (typeof PANELS)[CapKind];

export function CapsPanel({ kind }: { kind: CapKind }) {
  const query = useCaps(kind);
  const texts = PANELS[kind];
  return (
    <AdminPanelCard
      icon={texts.icon}
      title={texts.title}
      description={texts.description}
      query={query}
      loadFailed={texts.loadFailed}
    >
      {(data) => <CapsForm kind={kind} texts={texts} caps={data.caps} reload={() => query.refetch()} />}
    </AdminPanelCard>
  );
}

const NETWORK_COLUMNS = NETWORK_IDS.map((network) => ({ key: network, label: NETWORKS[network].label }));

const sameCaps = (a: PublishingCaps, b: PublishingCaps) => JSON.stringify(a) === JSON.stringify(b);

function CapsForm({
  kind,
  texts,
  caps,
  reload,
}: {
  kind: CapKind;
  texts: PanelTexts;
  caps: PublishingCaps;
  reload: () => void;
}) {
  const update = useUpdateCaps(kind);
  const form = useForm<PublishingCapsFormInput, unknown, PublishingCapsFormValues>({
    resolver: zodResolver(PublishingCapsFormSchema),
    defaultValues: toPublishingCapsForm(caps),
  });
  const { errors, isSubmitting } = form.formState;
  // The caps as last loaded are the version the server compares a save against.
  const edited = useEditedVersion({
    loaded: caps,
    subject: texts.subject,
    reset: () => form.reset(toPublishingCapsForm(caps)),
    same: sameCaps,
  });

  async function onSubmit(values: PublishingCapsFormValues) {
    try {
      const saved = await update.mutateAsync({ caps: values, expected: edited.version });
      edited.saved(saved.caps);
      form.reset(toPublishingCapsForm(saved.caps));
      toast.success(texts.saved);
    } catch (error) {
      toast.error(texts.saveFailed, {
        description: error instanceof ApiError ? error.message : undefined,
      });
      if (edited.refused(error)) reload();
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      {edited.notice}
      <AdminTable caption={texts.caption} rowHead="Plan" columns={NETWORK_COLUMNS} className="text-left">
        {CAP_PLANS.map((plan) => (
          <tr key={plan}>
            <th scope="row" className="px-3 py-2 text-left font-normal text-slate-700">
              {CAP_PLAN_LABELS[plan]}
            </th>
            {NETWORK_IDS.map((network) => {
              const id = `cap-${kind}-${plan}-${network}`;
              const error = errors[plan]?.[network]?.message;
              return (
                <td key={network} className="px-3 py-2 align-top">
                  <div className="w-28">
                    <Input
                      id={id}
                      inputMode="numeric"
                      placeholder="unbegrenzt"
                      aria-label={`${CAP_PLAN_LABELS[plan]}, ${NETWORKS[network].label}: ${texts.unit}`}
                      aria-invalid={Boolean(error)}
                      aria-describedby={error ? `${id}-error` : undefined}
                      {...form.register(`${plan}.${network}`)}
                    />
                  </div>
                  {error ? (
                    <p id={`${id}-error`} role="alert" className="mt-1 max-w-48 text-xs text-red-700">
                      {error}
                    </p>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </AdminTable>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || edited.newerVersionLoaded}>
          {isSubmitting ? "Wird gespeichert..." : texts.submit}
        </Button>
      </div>
    </form>
  );
}
