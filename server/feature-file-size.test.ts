import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// docs/architecture.md, "Ordner": a feature file that grows past this has taken on a second
// concern; split it by concern (as billing and the generator are) before adding more.
const MAX_LINES = 350;
const FEATURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "features");

it(`keeps every file in server/features at ${MAX_LINES} lines or fewer`, () => {
  const tooLong = fs
    .readdirSync(FEATURES, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file, lines: fs.readFileSync(path.join(FEATURES, file), "utf8").split("\n").length }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(tooLong).toEqual([]);
});
