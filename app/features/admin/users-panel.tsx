import Users from "lucide-react/icons/users";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { SearchInput } from "#app/components/ui/search-input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { formatDate, formatDateTime } from "#app/lib/format.ts";
import { ADMIN_MESSAGES, ADMIN_TEXTS, ADMIN_USER_LIST_HEIGHT_PX, MANUAL_GRANT_DAYS } from "#shared/admin.ts";
import { PLANS, type Plan } from "#shared/billing.ts";
import { type AdminUser, useAdminUsers, useSetPlan, useUpdateCredits } from "./use-admin-users.ts";

const PLAN_SHORT: Record<Plan, string> = { generator_pro: "Pro", optimizer_premium: "Premium" };
const SEARCH_DELAY_MS = 300;

export function UsersPanel() {
  const [input, setInput] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  // The search asks the server once the admin pauses typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(input.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { data, isPending, isError, error, isFetching } = useAdminUsers(query, page);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-indigo-600" aria-hidden />
          Nutzer & Credits
        </CardTitle>
        <CardDescription>
          Die neuesten Konten zuerst. Ein Plan von Hand läuft {MANUAL_GRANT_DAYS} Tage; über Stripe gebuchte Pläne
          verwalten Sie im Stripe-Dashboard.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="admin-user-search">Nach E-Mail suchen</Label>
          <SearchInput
            id="admin-user-search"
            placeholder="z. B. @firma.de"
            value={input}
            onChange={(event) => setInput(event.target.value)}
          />
        </div>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <p role="alert" className="text-red-800">
            {error.message}
          </p>
        ) : (
          <>
            {/* Spec section 9: the list scrolls within 300 px. */}
            <ul
              className="divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200"
              style={{ maxHeight: ADMIN_USER_LIST_HEIGHT_PX }}
              aria-label="Nutzer"
              aria-busy={isFetching}
            >
              {data.users.length === 0 ? (
                <li className="p-4 text-slate-600">Keine Nutzer gefunden.</li>
              ) : (
                data.users.map((user) => <UserRow key={user.id} user={user} />)
              )}
            </ul>
            <div className="flex items-center justify-between gap-2 text-sm">
              <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Zurück
              </Button>
              <span className="text-slate-600">Seite {page}</span>
              <Button variant="outline" size="sm" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
                Weiter
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const [credits, setCredits] = useState(String(user.credits));
  useEffect(() => setCredits(String(user.credits)), [user.credits]);
  const updateCredits = useUpdateCredits();
  const setPlan = useSetPlan();
  const inputId = `credits-${user.id}`;

  function saveCredits() {
    // Spec section 5: parsed as an integer, falling back to 0.
    const parsed = Number.parseInt(credits, 10);
    updateCredits.mutate(
      { id: user.id, credits: Number.isNaN(parsed) ? 0 : parsed, expectedCredits: user.credits },
      {
        onSuccess: () => toast.success(`Credits von ${user.email} gespeichert.`),
        onError: (error) => toast.error(ADMIN_TEXTS.creditsFailed, { description: error.message }),
      },
    );
  }

  function changePlan(plan: Plan, granted: boolean) {
    setPlan.mutate(
      { id: user.id, plan, granted },
      {
        onSuccess: () => toast.success(granted ? ADMIN_MESSAGES.planGranted : ADMIN_MESSAGES.planRevoked),
        onError: (error) => toast.error(ADMIN_MESSAGES.planFailed, { description: error.message }),
      },
    );
  }

  return (
    <li className="grid gap-3 p-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium">{user.email}</span>
          {user.isAdmin ? <Badge>Admin</Badge> : null}
          {user.plans.map((plan) => (
            <Badge key={plan.plan} tone="emerald">
              {PLAN_SHORT[plan.plan]}
              {plan.periodEnd ? ` bis ${formatDate(plan.periodEnd)}` : ""}
              {plan.byHand ? " · von Hand" : " · Stripe"}
            </Badge>
          ))}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {user.fullName ? `${user.fullName} · ` : ""}seit {formatDate(user.createdAt)} · letzte Generierung:{" "}
          {user.lastGenerationAt ? formatDateTime(user.lastGenerationAt) : "noch keine"}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {PLANS.map((plan) => {
            const running = user.plans.find((candidate) => candidate.plan === plan);
            if (running && !running.byHand) return null;
            return (
              <Button
                key={plan}
                variant="outline"
                size="sm"
                disabled={setPlan.isPending}
                onClick={() => changePlan(plan, !running)}
              >
                {PLAN_SHORT[plan]} {running ? "entziehen" : "vergeben"}
              </Button>
            );
          })}
        </div>
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          saveCredits();
        }}
      >
        <div className="grid w-24 gap-1">
          <Label htmlFor={inputId}>Credits</Label>
          <Input
            id={inputId}
            inputMode="numeric"
            value={credits}
            onChange={(event) => setCredits(event.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={updateCredits.isPending || credits === String(user.credits)}>
          Speichern
        </Button>
      </form>
    </li>
  );
}
