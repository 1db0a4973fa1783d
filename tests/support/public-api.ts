import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import type { TestApp } from "../setup/test-app.ts";

// What the public API's tests share (ADR 0107): a key made on /konto, a script's call with it, and
// the contract check, which holds every answer against the schema the published document gives.

type OpenApiDocument = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: object;
};

export type CallInit = { method?: string; body?: unknown; headers?: Record<string, string> };

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

export async function publicApiClient(t: TestApp, cookie: string) {
  const doc = (await (await t.request("/api/v1/openapi.json")).json()) as OpenApiDocument;

  async function newKey(scopes: string[], directScheduling = false): Promise<string> {
    const response = await t.postJson(
      "/api/api-keys",
      { name: `Test ${scopes.join(" ")}`, scopes, directScheduling },
      cookie,
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { key: string }).key;
  }

  function call(key: string, path: string, init: CallInit = {}) {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${key}`);
    if (init.body !== undefined) headers.set("content-type", "application/json");
    // No Origin: a script is no browser.
    return t.app.request(`/api/v1${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  /** The answer, checked against the schema the published document gives for this path, method and status. */
  async function contract(response: Response, path: string, method: string): Promise<unknown> {
    const body = await response.json();
    const schema = doc.paths[path]?.[method]?.responses[String(response.status)]?.content?.["application/json"]?.schema;
    if (!schema)
      throw new Error(`Keine Antwort ${response.status} für ${method} ${path} im Dokument: ${JSON.stringify(body)}`);
    const validate = ajv.compile({ ...schema, components: doc.components });
    if (!validate(body)) throw new Error(`${method} ${path} ${response.status}: ${ajv.errorsText(validate.errors)}`);
    return body;
  }

  return { doc, ajv, newKey, call, contract };
}

/** An MCP client (ADR 0111) on the app's /mcp with the key as its bearer. */
export async function connectMcp(t: TestApp, key: string): Promise<Client> {
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost:3000/mcp"), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
    fetch: async (input, init) => t.app.request(input instanceof URL ? input.href : input, init),
  });
  await client.connect(transport);
  return client;
}

/** A tool's answer: the JSON in its first text. */
export const mcpResultOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  JSON.parse((result.content as { type: string; text: string }[])[0]?.text ?? "null");
