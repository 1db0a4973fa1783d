// `npm run lint` fails on an import circle in server/, app/ or shared/ (docs/architecture.md,
// "Ordner"): each feature stays readable on its own; and on a relative path out of the
// importer's own folder into app/, server/ or shared/ (ADR 0054).

module.exports = {
  forbidden: [
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
