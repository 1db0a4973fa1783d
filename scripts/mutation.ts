import { spawnSync } from "node:child_process";
import { MUTATION_GROUPS } from "./mutation-groups.ts";

// `npm run mutation [-- group …]`: StrykerJS once per group of stryker.config.mjs (ADR 0074,
// "Mutationstest"), each with its own incremental file, so a second run re-tests only the mutants
// whose code or tests changed. `-- --force` runs every mutant again.

const args = process.argv.slice(2);
const force = args.includes("--force");
const named = args.filter((arg) => arg !== "--force");
const unknown = named.filter((name) => !(name in MUTATION_GROUPS));
if (unknown.length > 0) {
  console.error(`Unbekannte Gruppe: ${unknown.join(", ")} (es gibt ${Object.keys(MUTATION_GROUPS).join(", ")})`);
  process.exit(2);
}
for (const group of named.length > 0 ? named : Object.keys(MUTATION_GROUPS)) {
  console.log(`\n== Mutationstest: ${group} ==`);
  const run = spawnSync("stryker", ["run", ...(force ? ["--force"] : [])], {
    stdio: "inherit",
    env: { ...process.env, MUTATION_GROUP: group },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
