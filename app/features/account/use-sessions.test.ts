import { describe, expect, it } from "vitest";
import { shortenIp } from "./use-sessions.ts";

describe("shortenIp", () => {
  it("keeps the network of an address and hides the host", () => {
    expect(shortenIp("203.0.113.42")).toBe("203.0.113.xxx");
    expect(shortenIp("::ffff:203.0.113.42")).toBe("203.0.113.xxx");
    expect(shortenIp("0000:0000:0000:0000:0000:ffff:cb00:712a")).toBe("203.0.113.xxx");
    expect(shortenIp("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:85a3:…");
  });

  it("says nothing about addresses it cannot read", () => {
    expect(shortenIp(null)).toBeNull();
    expect(shortenIp("unknown")).toBeNull();
  });
});
