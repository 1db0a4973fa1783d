import CircleCheck from "lucide-react/icons/circle-check";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, FormInput } from "#app/components/ui/form-field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useNeedsSession } from "#app/features/auth/signed-in-hint.ts";
import { api, toApiError } from "#app/lib/api.ts";
import { formatDate, formatDateTime } from "#app/lib/format.ts";
import { lazyZodResolver } from "#app/lib/lazy-resolver.ts";
import { loadToast } from "#app/lib/lazy-toast.ts";
import { PLAN_LABELS, PLANS } from "#shared/billing.ts";
import type { CancellationRequestInput } from "#shared/cancellation.schemas.ts";
import {
  CANCELLATION_KIND_LABELS,
  CANCELLATION_KINDS,
  CANCELLATION_TEXTS,
  isCancellationName,
  NEXT_POSSIBLE_DATE,
} from "#shared/cancellation.ts";

type Receipt = { receivedAt: string; executed: boolean; periodEnd: string | null; request: CancellationRequestInput };

const EMPTY_FORM: CancellationRequestInput = {
  name: "",
  email: "",
  plan: "generator_pro",
  kind: "ordinary",
  effective: NEXT_POSSIBLE_DATE,
  reason: "",
};

// zod and the schema load when the visitor first focuses the form (lazy-resolver.ts says why).
const cancellationResolver = lazyZodResolver<CancellationRequestInput>(() =>
  import("#shared/cancellation.schemas.ts").then((module) => module.CancellationRequestSchema),
);

type SignedInAccount = { name: string; email: string; hasPaidPlan: boolean };

/**
 * The signed-in visitor's name and address for the form, and whether any paid plan runs. Read
 * from the profile only with the signed-in hint: the prerendered page stays the same for all.
 */
function useSignedInAccount(): SignedInAccount | null {
  const signedIn = useNeedsSession();
  const [account, setAccount] = useState<SignedInAccount | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void api.profile
      .$get()
      .then(async (response) => {
        if (!response.ok || !current) return;
        const profile = await response.json();
        setAccount({
          name: profile.fullName ?? "",
          email: profile.email,
          hasPaidPlan:
            Object.values(profile.plans).some((plan) => plan?.active) || profile.subscriptionStatus === "active",
        });
      })
      // Without the profile the form stays empty, as for every visitor.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [signedIn]);
  return account;
}

// § 312k BGB (ADR 0023): who cancels, which contract, how and when, then one button
// "Jetzt kündigen". The receipt shows at once, with the date and time it was received.
export function CancellationForm() {
  const form = useForm<CancellationRequestInput>({
    resolver: cancellationResolver.resolver,
    defaultValues: EMPTY_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [onDate, setOnDate] = useState(false);
  // The prerendered form cannot send before hydration; until then the button stays disabled.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const kind = form.watch("kind");
  const account = useSignedInAccount();
  useEffect(() => {
    if (!account) return;
    // Prefilled only where the visitor has not typed yet, and the name only where it is one the
    // form takes: an account made with e-mail carries the address's local part ("kunde-42").
    const untouched = (field: "name" | "email") => !form.getValues(field) && !form.getFieldState(field).isDirty;
    if (untouched("name") && isCancellationName(account.name)) form.setValue("name", account.name);
    if (untouched("email")) form.setValue("email", account.email);
  }, [account, form]);

  async function onSubmit(values: CancellationRequestInput) {
    const response = await api.cancellation.$post({ json: values }).catch(() => null);
    if (!response?.ok) {
      const error =
        response && response.status < 500 ? (await toApiError(response)).message : CANCELLATION_TEXTS.failed;
      (await loadToast()).error(error);
      return;
    }
    setReceipt({ ...(await response.json()), request: values });
  }

  if (receipt) return <CancellationReceipt receipt={receipt} />;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      onFocus={cancellationResolver.preload}
      className="grid gap-5"
    >
      {account && !account.hasPaidPlan ? (
        <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950" role="status">
          {CANCELLATION_TEXTS.noRunningContract}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInput form={form} name="name" id="cancel-name" label="Ihr Name" autoComplete="name" />
        <FormInput
          form={form}
          name="email"
          id="cancel-email"
          label="E-Mail-Adresse Ihres Kontos"
          type="email"
          autoComplete="email"
        />
      </div>
      <FormField id="cancel-plan" label="Vertrag" error={errors.plan?.message}>
        <Select id="cancel-plan" {...form.register("plan")}>
          {PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {PLAN_LABELS[plan]}
            </option>
          ))}
        </Select>
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Art der Kündigung</legend>
        {CANCELLATION_KINDS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} className="size-4 accent-indigo-600" {...form.register("kind")} />
            {CANCELLATION_KIND_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Zeitpunkt</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="cancel-when"
            checked={!onDate}
            className="size-4 accent-indigo-600"
            onChange={() => {
              setOnDate(false);
              form.setValue("effective", NEXT_POSSIBLE_DATE);
            }}
          />
          Zum nächstmöglichen Zeitpunkt
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="cancel-when"
            checked={onDate}
            className="size-4 accent-indigo-600"
            onChange={() => {
              setOnDate(true);
              form.setValue("effective", new Date().toISOString().slice(0, 10));
            }}
          />
          Zu einem bestimmten Datum
        </label>
        {onDate ? (
          <Input
            type="date"
            aria-label="Datum der Kündigung"
            className="max-w-xs"
            min={new Date().toISOString().slice(0, 10)}
            aria-invalid={Boolean(errors.effective)}
            {...form.register("effective")}
          />
        ) : null}
        {errors.effective ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.effective.message}
          </p>
        ) : null}
      </fieldset>
      {kind === "extraordinary" ? (
        <FormField id="cancel-reason" label="Grund (optional)" error={errors.reason?.message}>
          <Textarea id="cancel-reason" rows={4} {...form.register("reason")} />
        </FormField>
      ) : null}
      <div>
        <Button type="submit" size="lg" disabled={!ready || isSubmitting}>
          {isSubmitting ? "Wird gesendet..." : CANCELLATION_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}

function CancellationReceipt({ receipt }: { receipt: Receipt }) {
  const { request } = receipt;
  return (
    <section
      role="status"
      className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950"
    >
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <CircleCheck className="size-6 text-emerald-700" aria-hidden />
        {CANCELLATION_TEXTS.receivedTitle}
      </h2>
      <p>Eingegangen am {formatDateTime(receipt.receivedAt)} Uhr.</p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">Vertrag</dt>
        <dd>{PLAN_LABELS[request.plan]}</dd>
        <dt className="font-medium">Art</dt>
        <dd>{CANCELLATION_KIND_LABELS[request.kind]}</dd>
        <dt className="font-medium">Zeitpunkt</dt>
        <dd>
          {request.effective === NEXT_POSSIBLE_DATE ? "Zum nächstmöglichen Zeitpunkt" : formatDate(request.effective)}
        </dd>
      </dl>
      <p>
        {receipt.executed && receipt.periodEnd
          ? `Ihr Abonnement endet am ${formatDate(receipt.periodEnd)}, dem Ende des bezahlten Zeitraums. Bis dahin können Sie alles weiter nutzen.`
          : "Wir bearbeiten Ihre Kündigung und bestätigen Ihnen das Vertragsende gesondert."}
      </p>
      <p className="text-sm">Eine Bestätigung haben wir an {request.email} gesendet.</p>
    </section>
  );
}
