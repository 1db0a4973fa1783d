import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Every specifier a fresh Node process resolves while it runs `script` (an ES module body, run
 * from the repository's root through tsx): what a server would have loaded by then (ADR 0029).
 */
export function modulesResolvedBy(script: string): string[] {
  const recording = `
    import { registerHooks } from "node:module";
    const resolved = [];
    registerHooks({ resolve(specifier, context, next) { resolved.push(specifier); return next(specifier, context); } });
    ${script}
    console.log(JSON.stringify(resolved));`;
  const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", recording], {
    cwd: REPO,
    encoding: "utf8",
  });
  return JSON.parse(output.trim().split("\n").at(-1) ?? "[]") as string[];
}
