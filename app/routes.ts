import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // The marketing, legal, contact and cancellation pages need no query client (ADR 0031);
  // the optimizer's tool, loaded only with a session, brings it itself (ADR 0032).
  index("routes/home.tsx"),
  route("xposter-evaluator", "routes/xposter-evaluator.tsx"),
  route("funktionen", "routes/funktionen.tsx"),
  route("preise", "routes/preise.tsx"),
  route("faq", "routes/faq.tsx"),
  route("kontakt", "routes/kontakt.tsx"),
  route("kuendigen", "routes/kuendigen.tsx"),
  route("ueber-uns", "routes/ueber-uns.tsx"),
  route("datenschutz", "routes/datenschutz.tsx"),
  route("agb", "routes/agb.tsx"),
  route("impressum", "routes/impressum.tsx"),
  layout("routes/with-query-client.tsx", [
    route("auth", "routes/auth.tsx"),
    route("auth/callback", "routes/auth.callback.tsx"),
    route("auth/zwei-faktor", "routes/auth.zwei-faktor.tsx"),
    route("auth/registration-success", "routes/auth.registration-success.tsx"),
    route("auth/email-confirm-success", "routes/auth.email-confirm-success.tsx"),
    route("auth/passwort-vergessen", "routes/auth.passwort-vergessen.tsx"),
    route("auth/neues-passwort", "routes/auth.neues-passwort.tsx"),
    route("auth/aenderung-widerrufen", "routes/auth.aenderung-widerrufen.tsx"),
    route("konto", "routes/konto.tsx"),
    route("konto/verbundene-konten", "routes/konto.verbundene-konten.tsx"),
    route("admin", "routes/admin.tsx"),
    route("erstellen", "routes/erstellen.tsx"),
    route("archiv", "routes/archiv.tsx"),
    route("redaktionsplan", "routes/redaktionsplan.tsx"),
    route("oauth/anmelden", "routes/oauth.anmelden.tsx"),
    route("oauth/zustimmung", "routes/oauth.zustimmung.tsx"),
    route("erfolg", "routes/erfolg.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
