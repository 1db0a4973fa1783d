// Rewrites relative imports that leave the file's own folder into app/, server/ or shared/ to
// their alias (ADR 0054), and imports through the removed alias #tests/ to relative paths, for
// files a merge brings from a branch that predates the rule:
//   node --import tsx scripts/alias-imports.ts server/features/billing/*.ts
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ALIASED_FOLDERS = ["app", "server", "shared"];
// `from "../x.ts"`, `import "../x.ts"` and `import("../x.ts")`.
const RELATIVE_UP = /(\bfrom\s+|\bimport\s*\(?\s*)(["'])(\.\.\/[^"']+)\2/g;
const TESTS_ALIAS = /(\bfrom\s+|\bimport\s*\(?\s*)(["'])#tests\/([^"']+)\2/g;

export function aliasImports(source: string, file: string): string {
  return source
    .replace(RELATIVE_UP, (whole, lead: string, quote: string, specifier: string) => {
      const target = path
        .relative(ROOT, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join("/");
      const folder = target.split("/")[0] ?? "";
      return ALIASED_FOLDERS.includes(folder) ? `${lead}${quote}#${target}${quote}` : whole;
    })
    .replace(TESTS_ALIAS, (_whole, lead: string, quote: string, rest: string) => {
      const relative = path
        .relative(path.dirname(file), path.join(ROOT, "tests", rest))
        .split(path.sep)
        .join("/");
      return `${lead}${quote}${relative.startsWith(".") ? relative : `./${relative}`}${quote}`;
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const file of process.argv.slice(2).map((name) => path.resolve(name))) {
    const source = fs.readFileSync(file, "utf8");
    const rewritten = aliasImports(source, file);
    if (rewritten !== source) {
      fs.writeFileSync(file, rewritten);
      console.log(`umgestellt: ${path.relative(ROOT, file)}`);
    }
  }
}
