import { asc, eq } from "drizzle-orm";
import type { InferRequestType, InferResponseType } from "hono/client";
import type { DepsOverrides } from "#server/bootstrap.ts";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { GENERATOR_CONFIGURATION_NAME } from "#server/features/generator/generator-prompts.ts";
import { createTestApp, readJson, type TestApp } from "./test-app.ts";

// The prompt and token configurations of the admin dashboard (spec section 7): an
// app with an admin and a customer, and the calls their tests share.

const ADMIN_EMAIL = "chefin@example.test";
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

type Kind = "prompts" | "tokens";
type AdminApi = ReturnType<TestApp["api"]>["admin"];
type Configuration = {
  prompts: InferResponseType<AdminApi["prompts"]["$get"], 200>["configurations"][number];
  tokens: InferResponseType<AdminApi["tokens"]["$get"], 200>["configurations"][number];
};
type NewConfiguration = {
  prompts: InferRequestType<AdminApi["prompts"]["$post"]>["json"];
  tokens: InferRequestType<AdminApi["tokens"]["$post"]>["json"];
};

let nameCount = 0;
export const uniqueName = (prefix: string) => `${prefix}-${++nameCount}`;
export const prompt = (name = uniqueName("prompt")) => ({
  name,
  systemPrompt: "System {{platform}}",
  userPrompt: "User",
});
export const tokens = (name = uniqueName("tokens"), maxTokens = 1500) => ({ name, maxTokens });

export async function createConfigurationsTestApp(overrides?: DepsOverrides) {
  const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL }, overrides });
  const admin = await t.signUpAndConfirm(ADMIN_EMAIL);
  const user = await t.signUpAndConfirm("kunde@example.test");

  /** Any method, path and body, typed or not: for the answers to input the typed client would not send. */
  function send(method: string, path: string, cookie?: string, body?: unknown) {
    return t.request(path, { method, cookie, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async function list<K extends Kind>(kind: K): Promise<Configuration[K][]> {
    const configurations = t.api(admin).admin;
    const response = kind === "prompts" ? await configurations.prompts.$get() : await configurations.tokens.$get();
    return (await readJson(response, 200)).configurations as Configuration[K][];
  }

  async function inUse<K extends Kind>(kind: K): Promise<Configuration[K]> {
    const found = (await list(kind)).find((row) => row.name === GENERATOR_CONFIGURATION_NAME);
    if (!found) throw new Error(`Keine ${kind}-Konfiguration ${GENERATOR_CONFIGURATION_NAME}`);
    return found;
  }

  async function create<K extends Kind>(kind: K, json: NewConfiguration[K]): Promise<Configuration[K]> {
    const configurations = t.api(admin).admin;
    const response =
      kind === "prompts"
        ? await configurations.prompts.$post({ json: json as NewConfiguration["prompts"] })
        : await configurations.tokens.$post({ json: json as NewConfiguration["tokens"] });
    return (await readJson(response, 201)).configuration as Configuration[K];
  }

  const auditOf = (targetId: string) =>
    t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(asc(adminAuditLog.createdAt));

  return { t, admin, user, send, list, inUse, create, auditOf };
}
