import os from "node:os";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_PIXELS } from "#shared/generator.ts";
import { jpegOfSize, webpBomb } from "../../../tests/support/images.ts";
import {
  countReencodesRunning,
  exceedsPixelLimit,
  InvalidImageError,
  loadSharp,
  REENCODE_CONCURRENCY,
  readImageSize,
  reencodeImage,
} from "./image-files.ts";

describe("readImageSize", () => {
  it("reads the size from the header of a bomb without decoding it", async () => {
    expect(await readImageSize(await webpBomb())).toEqual({ width: 16383, height: 16383 });
  });

  it("gives null for bytes that are no image", async () => {
    expect(await readImageSize(new TextEncoder().encode("<svg/>"))).toBeNull();
  });
});

describe("exceedsPixelLimit", () => {
  it.each([
    [{ width: 8000, height: 5000 }, false],
    [{ width: 8000, height: 5001 }, true],
    [{ width: 16383, height: 16383 }, true],
    [{ width: 4032, height: 3024 }, false],
  ])("%o → %s", (size, expected) => {
    expect(exceedsPixelLimit(size)).toBe(expected);
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000);
  });
});

describe("reencodeImage", () => {
  it("refuses a file above the pixel limit itself, should its header get past the check", async () => {
    await expect(reencodeImage(await webpBomb(), "webp")).rejects.toBeInstanceOf(InvalidImageError);
  });

  it(`decodes at most ${REENCODE_CONCURRENCY} images at a time; the others wait their turn`, async () => {
    const image = await jpegOfSize(1600, 1200);
    let mostAtOnce = 0;
    const watcher = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, countReencodesRunning());
    }, 1);
    const results = await Promise.all(Array.from({ length: 6 }, () => reencodeImage(image, "jpeg")));
    clearInterval(watcher);
    expect(results).toHaveLength(6);
    expect(mostAtOnce).toBe(REENCODE_CONCURRENCY);
  });
});

describe("sharp's settings (ADR 0050)", () => {
  it("leaves a core to the event loop and gives each image one libvips thread", async () => {
    expect(REENCODE_CONCURRENCY).toBeLessThanOrEqual(Math.max(1, os.availableParallelism() - 1));
    expect(REENCODE_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect((await loadSharp()).concurrency()).toBe(1);
  });
});
