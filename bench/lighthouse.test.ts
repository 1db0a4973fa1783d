import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRERENDERED_PATHS } from "#shared/routes.ts";
import {
  LIGHTHOUSE_DEFAULT_CPU_SLOWDOWN,
  LIGHTHOUSE_DEFAULT_RUNS,
  median,
  parseLighthouseOptions,
} from "./lighthouse.ts";

describe("parseLighthouseOptions", () => {
  it("measures every prerendered page five times without options", () => {
    const options = parseLighthouseOptions({});
    expect(options.pages).toEqual([...PRERENDERED_PATHS]);
    expect(options.pages).toContain("/xposter-evaluator");
    expect(options.runs).toBe(LIGHTHOUSE_DEFAULT_RUNS);
    expect(options.beforeRoot).toBeUndefined();
    expect(options.cpuSlowdown).toBe(LIGHTHOUSE_DEFAULT_CPU_SLOWDOWN);
  });

  it("slows the simulated phone down further on request, never below Lighthouse's own 1", () => {
    expect(parseLighthouseOptions({ "cpu-bremse": "7.2" }).cpuSlowdown).toBe(7.2);
    for (const bremse of ["0.5", "schnell", ""]) {
      expect(() => parseLighthouseOptions({ "cpu-bremse": bremse })).toThrow("--cpu-bremse");
    }
  });

  it("takes the pages and runs asked for", () => {
    expect(parseLighthouseOptions({ seiten: "/, /preise", laeufe: "3" })).toMatchObject({
      pages: ["/", "/preise"],
      runs: 3,
    });
  });

  it("refuses pages that are not public and runs that are not a whole number from 1", () => {
    expect(() => parseLighthouseOptions({ seiten: "/,/konto" })).toThrow("Keine öffentliche Seite: /konto");
    for (const laeufe of ["0", "2.5", "drei"]) {
      expect(() => parseLighthouseOptions({ laeufe })).toThrow("--laeufe");
    }
  });

  it("takes another checkout only when it has node_modules", () => {
    const checkout = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-vorher-"));
    try {
      expect(() => parseLighthouseOptions({ vorher: checkout })).toThrow("hat keine node_modules");
      fs.mkdirSync(path.join(checkout, "node_modules"));
      expect(parseLighthouseOptions({ vorher: checkout }).beforeRoot).toBe(checkout);
    } finally {
      fs.rmSync(checkout, { recursive: true, force: true });
    }
  });
});

describe("median", () => {
  it("takes the middle run, or the mean of the middle two", () => {
    expect(median([120, 40, 80])).toBe(80);
    expect(median([65, 86])).toBe(75.5);
    expect(median([1.27, 0.8, 0.79, 0.85])).toBeCloseTo(0.825);
  });
});
