import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";

// What the browser needs to know about this installation's optional providers.
export const configRoutes = new Hono<AppEnv>().get("/", (c) => {
  const { env } = c.var.deps;
  return c.json({ googleSignIn: env.googleSignInEnabled, payments: env.stripe !== null });
});
