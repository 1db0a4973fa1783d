import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { aliasImports } from "./alias-imports.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.join(ROOT, "server/features/billing/billing.service.ts");

describe("aliasImports (ADR 0054)", () => {
  it("gives imports out of the file's folder into app/, server/ and shared/ their alias", () => {
    const source = [
      'import type { Database } from "../../db/client.ts";',
      'export { ROUTES } from "../../../shared/routes.ts";',
      'const stripe = await import("../../integrations/stripe/stripe-client.ts");',
    ].join("\n");
    expect(aliasImports(source, file)).toBe(
      [
        'import type { Database } from "#server/db/client.ts";',
        'export { ROUTES } from "#shared/routes.ts";',
        'const stripe = await import("#server/integrations/stripe/stripe-client.ts");',
      ].join("\n"),
    );
  });

  it("turns the removed #tests/ alias into a relative path", () => {
    expect(aliasImports('import { createTestApp } from "#tests/setup/test-app.ts";', file)).toBe(
      'import { createTestApp } from "../../../tests/setup/test-app.ts";',
    );
  });

  it.each([
    'import { plans } from "./billing-plans.ts";',
    'import { createTestApp } from "../../../tests/setup/test-app.ts";',
    'import "../../../bench/run.ts";',
    'import "../../../scripts/require-node.ts";',
  ])("leaves an import within the folder or into tests/, bench/ or scripts/ as it is: %s", (line) => {
    expect(aliasImports(line, file)).toBe(line);
  });
});
