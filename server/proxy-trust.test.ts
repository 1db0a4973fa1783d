import { describe, expect, it } from "vitest";
import { normalizeAddress, type ProxyTrust, parseProxyTrust, resolveClientAddress } from "./proxy-trust.ts";

// ADR 0040: the client address behind reverse proxies, as a pure rule.

function trust(value: string): ProxyTrust {
  const parsed = parseProxyTrust(value);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

describe("parseProxyTrust", () => {
  it.each(["", "false", "0", " false "])("reads %j as no proxy", (value) => {
    expect(parseProxyTrust(value)).toEqual({ kind: "none" });
  });

  it("reads unset as no proxy", () => {
    expect(parseProxyTrust(undefined)).toEqual({ kind: "none" });
  });

  it("reads a hop count, and the old `true` as one hop it marks", () => {
    expect(parseProxyTrust("2")).toEqual({ kind: "hops", hops: 2, fromTrue: false });
    expect(parseProxyTrust("true")).toEqual({ kind: "hops", hops: 1, fromTrue: true });
  });

  it("reads a list of addresses and CIDR ranges, IPv4 and IPv6", () => {
    const parsed = trust("127.0.0.1, 10.0.0.0/8,::1,fd00::/8");
    expect(parsed).toMatchObject({ kind: "addresses", entries: ["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"] });
  });

  it.each([
    ["yes", /weder eine IP-Adresse noch ein CIDR-Bereich/],
    ["11", /zu viele/],
    ["10.0.0.0/33", /zu groß/],
    ["::1/129", /zu groß/],
    ["10.0.0.0/8/1", /„10.0.0.0\/8\/1“/],
    ["10.0.0.0/x", /„10.0.0.0\/x“/],
    ["127.0.0.1,nginx", /„nginx“/],
    ["-1", /„-1“/],
  ])("refuses %j with a German reason", (value, reason) => {
    const parsed = parseProxyTrust(value);
    expect(typeof parsed).toBe("string");
    expect(parsed).toMatch(reason);
  });
});

describe("normalizeAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
  ])("reads %j as %j", (value, expected) => {
    expect(normalizeAddress(value)).toBe(expected);
  });

  it.each(["", "unknown", "300.1.1.1", "evil.example", "1.2.3.4, 5.6.7.8"])("refuses %j", (value) => {
    expect(normalizeAddress(value)).toBeUndefined();
  });
});

describe("resolveClientAddress", () => {
  const nginx = "127.0.0.1";

  it("ignores X-Forwarded-For without trusted proxies and takes the socket's peer", () => {
    expect(resolveClientAddress("198.51.100.1", "203.0.113.7", trust("false"))).toBe("198.51.100.1");
    expect(resolveClientAddress("::ffff:198.51.100.1", undefined, trust("false"))).toBe("198.51.100.1");
    expect(resolveClientAddress(undefined, "203.0.113.7", trust("false"))).toBe("unknown");
  });

  it("behind one proxy takes the entry it appended, not the client's own first entry", () => {
    expect(resolveClientAddress(nginx, "6.6.6.6, 203.0.113.7", trust("1"))).toBe("203.0.113.7");
    expect(resolveClientAddress(nginx, "203.0.113.7", trust("1"))).toBe("203.0.113.7");
    expect(resolveClientAddress(nginx, "1.1.1.1,2.2.2.2 , 203.0.113.7", trust("1"))).toBe("203.0.113.7");
  });

  it("behind two proxies (CDN + nginx) takes the second entry from the right", () => {
    expect(resolveClientAddress(nginx, "6.6.6.6, 203.0.113.7, 198.51.100.250", trust("2"))).toBe("203.0.113.7");
  });

  it("with fewer entries than proxies takes the leftmost one", () => {
    expect(resolveClientAddress(nginx, "203.0.113.7", trust("2"))).toBe("203.0.113.7");
  });

  it("without the header takes the socket's peer even behind a proxy", () => {
    expect(resolveClientAddress(nginx, undefined, trust("1"))).toBe(nginx);
    expect(resolveClientAddress(nginx, " , ", trust("1"))).toBe(nginx);
  });

  it("with a list skips the trusted proxies from the socket on and stops at the first other address", () => {
    const proxies = trust("127.0.0.1,10.0.0.0/8");
    expect(resolveClientAddress(nginx, "6.6.6.6, 203.0.113.7, 10.1.2.3", proxies)).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:127.0.0.1", "6.6.6.6, 203.0.113.7", proxies)).toBe("203.0.113.7");
    // A client that itself lies in a trusted range is skipped too, to the next one left.
    expect(resolveClientAddress(nginx, "203.0.113.7, 10.9.9.9", proxies)).toBe("203.0.113.7");
  });

  it("with a list believes nothing when the socket's peer is no trusted proxy", () => {
    expect(resolveClientAddress("198.51.100.1", "203.0.113.7", trust("127.0.0.1,10.0.0.0/8"))).toBe("198.51.100.1");
  });

  it("stops at an entry that is no address, at the hop that passed it on", () => {
    expect(resolveClientAddress(nginx, "203.0.113.7, garbage", trust("2"))).toBe(nginx);
    expect(resolveClientAddress(nginx, "garbage", trust("1"))).toBe(nginx);
    expect(resolveClientAddress(nginx, "garbage, 203.0.113.7", trust("2"))).toBe("203.0.113.7");
  });
});
