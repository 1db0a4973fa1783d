import { describe, expect, it } from "vitest";
import { chooseEncoding, matchesEtag } from "./served-pages.ts";

describe("chooseEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", "br"],
    ["gzip, br;q=0.5", "gzip"],
    ["GZIP", "gzip"],
    ["deflate", "identity"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*, br;q=0", "gzip"],
    ["identity", "identity"],
    ["br;q=abc, gzip", "gzip"],
  ])("%s -> %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("matchesEtag", () => {
  const etag = 'W/"abc"';
  it.each([
    [undefined, false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"other", W/"abc"', true],
    ["*", true],
    ['"abcd"', false],
    ['W/"ab"', false],
  ])("%s -> %s", (header, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});
