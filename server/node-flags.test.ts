import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { argumentsWithServerFlags, SERVER_NODE_FLAGS } from "./node-flags.ts";

// ADR 0056: the server runs with its V8 flags however it was started.
describe("the server's V8 flags", () => {
  it("puts the missing flags in front of the command, and adds none when all are given", () => {
    expect(argumentsWithServerFlags(["--import", "tsx"], ["/usr/bin/node", "server/main.ts"])).toEqual([
      ...SERVER_NODE_FLAGS,
      "--import",
      "tsx",
      "server/main.ts",
    ]);
    expect(argumentsWithServerFlags([...SERVER_NODE_FLAGS, "--import", "tsx"], ["node", "server/main.ts"])).toBeNull();
  });

  it("keeps a value the operator chose for a flag", () => {
    const args = argumentsWithServerFlags(["--max-semi-space-size=32"], ["node", "server/main.ts"]);
    expect(args).toEqual(["--liftoff-only", "--max-semi-space-size=32", "server/main.ts"]);
  });

  it("server/main.ts starts itself again with them, on the same process ID, before it reads its settings", () => {
    // A preload in NODE_OPTIONS runs in both processes and tells their arguments; the invalid
    // PORT ends the second one right after that.
    const report = "console.log(JSON.stringify([process.pid,process.execArgv]))";
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { PORT: "kein-port", NODE_OPTIONS: `--import=data:text/javascript,${report}` },
      encoding: "utf8",
    });
    const processes = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as [number, string[]]);
    expect(processes).toHaveLength(2);
    const [[firstPid, firstArgs], [secondPid, secondArgs]] = processes as [[number, string[]], [number, string[]]];
    expect(firstArgs).not.toContain("--liftoff-only");
    expect(secondArgs).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
    expect(secondPid).toBe(firstPid);
    expect(run.status).not.toBe(0);
  });
});
