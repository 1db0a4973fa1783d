import { describe, expect, it } from "vitest";
import { modulesResolvedBy } from "../tests/support/resolved-modules.ts";

// ADR 0029: what most servers never use loads with its first use, not with every start.
const LOADED_ON_FIRST_USE = [
  /^@modelcontextprotocol\/sdk/, // the first MCP request
  /^nodemailer$/, // the first mail
  /^@atproto\/api$/, // the first Bluesky call
  /^stripe$/, // a server with payments configured
  /^sharp$/, // the first image
  /^@aws-sdk\//, // S3 storage configured
  /^@ai-sdk\//, // an AI provider configured
  /^dictionary-de$/, // the first spelling hint
];

describe("the server's start", () => {
  it("imports none of the vendor SDKs that come on first use", () => {
    const resolved = modulesResolvedBy(`await import("./server/start-server.ts");`);
    expect(resolved).toContain("./app.ts");
    expect(resolved.filter((specifier) => LOADED_ON_FIRST_USE.some((pattern) => pattern.test(specifier)))).toEqual([]);
  });
});
