import { Hono } from "hono";
import { type ApiEnv, requireApiKey } from "./api-auth.ts";
import { API_VERSION } from "./api-v1.docs.ts";
import { mcpToolsFor } from "./mcp-tools.ts";

// /mcp (ADR 0111): the MCP server over Streamable HTTP, stateless (a new server and transport per
// request, no session to keep across app servers), JSON answers instead of SSE streams. The
// bearer is a personal API key like /api/v1's; its scopes decide which tools exist.

const MCP_BODY_MAX_BYTES = 256 * 1024;

// Loaded with the first MCP request, not at start (ADR 0029): the SDK and its ajv are ~4 MB of
// heap, and most servers never see an MCP client.
const importSdk = () =>
  Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
let sdk: ReturnType<typeof importSdk> | undefined;
const loadSdk = () => {
  sdk ??= importSdk();
  return sdk;
};

export const mcpRoutes = new Hono<ApiEnv>().use(requireApiKey).all("/", async (c) => {
  const [{ Server }, { WebStandardStreamableHTTPServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema }] =
    await loadSdk();
  // The SDK's low-level server: the tools check their arguments themselves, in German (mcp-tools.ts).
  const server = new Server({ name: "postwerk", version: API_VERSION }, { capabilities: { tools: {} } });
  const tools = mcpToolsFor(c.var.deps, c.var.caller);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.list() }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    tools.call(request.params.name, request.params.arguments),
  );
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_BODY_MAX_BYTES,
  });
  await server.connect(transport);
  const response = await transport.handleRequest(c.req.raw);
  // Stateless: the answer is complete, so the server and transport end with it.
  await server.close();
  return response;
});
