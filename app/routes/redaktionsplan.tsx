import { redirect } from "react-router";
import { authClient } from "#app/features/auth/auth-client.ts";
import { Planner } from "#app/features/publishing/planner.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "Redaktionsplan" });

// Signed-out visitors go to /auth (the plan is personal), like /archiv.
export async function clientLoader() {
  const { data } = await authClient.getSession();
  if (!data) throw redirect(ROUTES.auth);
  return null;
}

export default function PlannerPage() {
  return <Planner />;
}
