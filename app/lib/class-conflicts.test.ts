import { afterEach, describe, expect, it, vi } from "vitest";
import { reportClassConflicts } from "./class-conflicts.ts";

describe("reportClassConflicts", () => {
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => consoleError.mockClear());

  it("names a class that a later one of the same kind would override", () => {
    reportClassConflicts("h-10 px-4 text-sm px-0");
    expect(consoleError).toHaveBeenCalledOnce();
    expect(consoleError.mock.calls[0]?.[0]).toContain('"px-4" wird überschrieben');
  });

  it("stays quiet when a caller's classes only add", () => {
    reportClassConflicts("h-10 px-4 text-sm mt-6 self-start hover:bg-slate-50 sm:px-6");
    expect(consoleError).not.toHaveBeenCalled();
  });
});
