// `npm run lint` fails on an import circle in server/, app/ or shared/ (docs/architecture.md,
// "Ordner"): each feature stays readable on its own.
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Dateien, die sich gegenseitig importieren (auch nur Typen), gehören entwirrt.",
      from: { path: "^(server|app|shared)/" },
      to: { circular: true },
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
