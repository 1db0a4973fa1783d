import { describe, expect, it } from "vitest";
import { CONNECTIONS_PATH, PLANNER_PATH } from "./publishing.ts";
import { PAGE_PATHS, ROUTES } from "./routes.ts";

describe("the publishing pages", () => {
  it("are where the server's mails and OAuth callbacks send the user", () => {
    // routes.ts stays free of publishing.ts, which the public pages do not need.
    expect(ROUTES.planner).toBe(PLANNER_PATH);
    expect(ROUTES.connections).toBe(CONNECTIONS_PATH);
    expect(PAGE_PATHS.has(PLANNER_PATH)).toBe(true);
    expect(PAGE_PATHS.has(CONNECTIONS_PATH)).toBe(true);
  });
});
