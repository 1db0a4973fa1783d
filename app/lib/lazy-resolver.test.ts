import type { Resolver } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { lazyResolver } from "./lazy-resolver.ts";

type Values = { name: string };
const OPTIONS = { fields: {}, shouldUseNativeValidation: false };
const valid: Resolver<Values> = async (values) => ({ values, errors: {} });

describe("lazyResolver", () => {
  it("loads the resolver once, on the first preload or validation, and validates with it", async () => {
    const load = vi.fn(async () => valid);
    const { resolver, preload } = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    expect(await resolver({ name: "Anna" }, undefined, OPTIONS)).toEqual({ values: { name: "Anna" }, errors: {} });
    expect(await resolver({ name: "Ben" }, undefined, OPTIONS)).toEqual({ values: { name: "Ben" }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed load instead of keeping the failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(valid);
    const { resolver, preload } = lazyResolver<Values>(load);
    preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await expect(resolver({ name: "Anna" }, undefined, OPTIONS)).resolves.toEqual({
      values: { name: "Anna" },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("lets the values through for the server to check when its code cannot be loaded", async () => {
    const { resolver } = lazyResolver<Values>(() => Promise.reject(new Error("offline")));
    await expect(resolver({ name: "A" }, undefined, OPTIONS)).resolves.toEqual({ values: { name: "A" }, errors: {} });
  });
});
