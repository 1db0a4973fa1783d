import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md is the index of the ADRs: every decision is listed with its title, every
// listed file exists, and the numbers it calls free are really free.

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../docs/decisions");
const index = fs.readFileSync(path.join(DIR, "README.md"), "utf8");
const decisions = fs
  .readdirSync(DIR)
  .filter((name) => /^\d{4}-.+\.md$/.test(name) && !name.startsWith("0000"))
  .sort();

describe("the index of the decisions", () => {
  it("lists every decision with the title of its file", () => {
    for (const name of decisions) {
      const title = fs.readFileSync(path.join(DIR, name), "utf8").split("\n")[0]?.replace(/^#\s*/, "").trim();
      expect(index).toContain(`| [${name.slice(0, 4)}](${name}) | ${title} |`);
    }
  });

  it("links only files that exist", () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(linked.filter((name) => !decisions.includes(name ?? ""))).toEqual([]);
  });

  it("calls free only numbers no decision has", () => {
    const free = /Nicht vergeben sind: ([\d, ]+)\./.exec(index)?.[1]?.split(", ") ?? [];
    expect(free.filter((number) => decisions.some((name) => name.startsWith(number)))).toEqual([]);
  });
});
