import { requireSession } from "#app/features/auth/require-session.ts";
import { Planner } from "#app/features/planner/planner.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () => pageMeta({ title: "Redaktionsplan" });

// The plan is personal, like /archiv.
export const clientLoader = requireSession;

export default function PlannerPage() {
  return <Planner />;
}
