import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/callback", "routes/auth.callback.tsx"),
  route("auth/registration-success", "routes/auth.registration-success.tsx"),
  route("auth/email-confirm-success", "routes/auth.email-confirm-success.tsx"),
  route("konto", "routes/konto.tsx"),
  route("admin", "routes/admin.tsx"),
  route("xposter-evaluator", "routes/xposter-evaluator.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
