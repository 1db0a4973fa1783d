import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { argumentsWithServerFlags, SERVER_NODE_FLAGS } from "./node-flags.ts";

// ADR 0056, 0120: the server runs with its V8 flags, and without tsx where Node strips types,
// however it was started.
describe("the server's runtime settings", () => {
  it("puts the missing flags in front of the command, and adds none when all are given", () => {
    expect(argumentsWithServerFlags(["--import", "tsx"], ["/usr/bin/node", "server/main.ts"], false)).toEqual([
      ...SERVER_NODE_FLAGS,
      "--import",
      "tsx",
      "server/main.ts",
    ]);
    expect(
      argumentsWithServerFlags([...SERVER_NODE_FLAGS, "--import", "tsx"], ["node", "server/main.ts"], false),
    ).toBeNull();
  });

  it("keeps a value the operator chose for a flag", () => {
    const args = argumentsWithServerFlags(["--max-semi-space-size=32"], ["node", "server/main.ts"], true);
    expect(args).toEqual(["--liftoff-only", "--max-semi-space-size=32", "server/main.ts"]);
  });

  it("leaves tsx out, in every spelling, where Node strips the types itself, and keeps other options", () => {
    for (const loader of [["--import", "tsx"], ["--import=tsx"], ["--require", "tsx"], ["--require=tsx"]]) {
      expect(
        argumentsWithServerFlags(
          [...SERVER_NODE_FLAGS, "--enable-source-maps", ...loader, "--import", "./telemetry.mjs"],
          ["node", "server/main.ts"],
          true,
        ),
      ).toEqual([...SERVER_NODE_FLAGS, "--enable-source-maps", "--import", "./telemetry.mjs", "server/main.ts"]);
    }
    expect(argumentsWithServerFlags([...SERVER_NODE_FLAGS], ["node", "server/main.ts"], true)).toBeNull();
  });

  it("server/main.ts starts itself again with them and without tsx, on the same process ID, before it reads its settings", () => {
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
    expect(firstArgs).toContain("tsx");
    expect(secondArgs).toEqual([...SERVER_NODE_FLAGS]);
    expect(secondPid).toBe(firstPid);
    expect(run.status).not.toBe(0);
  });
});
