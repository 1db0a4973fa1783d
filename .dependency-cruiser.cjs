// `npm run lint` fails on an import circle in server/, app/ or shared/ (docs/architecture.md,
// "Ordner"): each feature stays readable on its own; on a relative path out of the importer's own
// folder into app/, server/ or shared/ (ADR 0054); and on a feature importing a feature of its own
// layer or above (FEATURE_LAYERS, ADR 0112).

// The features of server/ and app/ in layers, lowest first (ADR 0112; the table in
// docs/architecture.md says the same). A feature uses only features of lower layers; a page that
// needs two features of one layer composes them in its route. Tests may reach across (a test of
// connections plans a post to see it cancelled). A new feature folder goes into a layer here:
// until then the last rule refuses its imports.
// biome-ignore format: one layer a line reads as the table it is
const FEATURE_LAYERS = {
  server: [
    ["audit", "auth", "backup", "config", "health", "media", "notifications", "oauth", "passkeys", "rate-limit", "sitemap", "uploads"],
    ["archive", "billing", "consent", "contact", "own-results", "retention", "site-settings"],
    ["generator", "optimizer", "pages", "profile"],
    ["account-security", "account-tokens", "drafts", "webhooks"],
    ["cancellation", "publishing"],
    ["account-deletion", "connections", "metrics", "queue-slots"],
    ["data-export", "public-api"],
    ["admin"],
  ],
  app: [
    ["config", "consent", "marketing", "site-settings"],
    ["analytics", "auth", "contact", "legal"],
    ["billing", "cancellation"],
    ["account"],
    ["api-keys", "metrics", "publishing", "queue-slots", "webhooks"],
    ["connections", "drafts", "notifications"],
    ["composer", "layout"],
    ["generator", "planner"],
    ["admin", "archive", "optimizer"],
  ],
};

const NOT_A_TEST = "\\.test\\.tsx?$";

function featureLayerRules(side, layers) {
  const rules = layers.map((features, index) => ({
    name: `${side}-feature-layer-${index}`,
    severity: "error",
    comment: `Eine Funktion in ${side}/features benutzt nur Funktionen tieferer Schichten (ADR 0112, docs/architecture.md).`,
    from: { path: `^${side}/features/(${features.join("|")})/`, pathNot: NOT_A_TEST },
    to: { path: `^${side}/features/(${layers.slice(index).flat().join("|")})/`, pathNot: `^${side}/features/$1/` },
  }));
  rules.push({
    name: `${side}-feature-without-layer`,
    severity: "error",
    comment: `Jeder Ordner in ${side}/features steht in FEATURE_LAYERS (.dependency-cruiser.cjs, ADR 0112).`,
    from: { path: `^${side}/features/(?!(?:${layers.flat().join("|")})/)[^/]+/` },
    to: { path: `^${side}/features/` },
  });
  return rules;
}

module.exports = {
  forbidden: [
    ...featureLayerRules("server", FEATURE_LAYERS.server),
    ...featureLayerRules("app", FEATURE_LAYERS.app),
    {
      name: "no-circular",
      severity: "error",
      comment: "Dateien, die sich gegenseitig importieren (auch nur Typen), gehören entwirrt.",
      from: { path: "^(server|app|shared)/" },
      to: { circular: true },
    },
    {
      // ADR 0054: a relative path only into the importer's own folder or below; anything in
      // app/, server/ or shared/ further away by its alias (#app/, #server/, #shared/).
      name: "alias-outside-own-folder",
      severity: "error",
      comment: "Außerhalb des eigenen Ordners über den Alias importieren: #app/, #server/, #shared/ (ADR 0054).",
      from: { path: "^(.+)/[^/]+$" },
      to: { path: "^(?:app|server|shared)/", pathNot: "^$1/", dependencyTypesNot: ["aliased"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    // TypeScript 7 has no compiler API for it yet; swc parses the same sources.
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
