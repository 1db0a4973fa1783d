import { describe, expect, it } from "vitest";
import { shortenIp } from "./use-sessions.ts";

describe("shortenIp", () => {
  it("keeps the network of an address and hides the host", () => {
    expect(shortenIp("203.0.113.42")).toBe("203.0.113.xxx");
    expect(shortenIp("::ffff:203.0.113.42")).toBe("203.0.113.xxx");
    expect(shortenIp("0000:0000:0000:0000:0000:ffff:cb00:712a")).toBe("203.0.113.xxx");
    expect(shortenIp("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:85a3:…");
  });

  it("writes IPv6 addresses compactly (RFC 5952), not as Better Auth stores them", () => {
    expect(shortenIp("0000:0000:0000:0000:0000:0000:0000:0001")).toBe("::1");
    expect(shortenIp("::1")).toBe("::1");
    expect(shortenIp("2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8:0:…");
    expect(shortenIp("2001:0db8:85a3:0000:0000:8a2e:0370:7334")).toBe("2001:db8:85a3:…");
    expect(shortenIp("0000:0000:0000:0000:0000:ffff:7f00:0001")).toBe("127.0.0.xxx");
    expect(shortenIp("fe80::1%eth0")).toBe("fe80:0:0:…");
  });

  it("says nothing about addresses it cannot read", () => {
    expect(shortenIp(null)).toBeNull();
    expect(shortenIp("unknown")).toBeNull();
    expect(shortenIp("1:2:3")).toBeNull();
  });
});
