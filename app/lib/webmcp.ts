// WebMCP (W3C Web Machine Learning CG, https://webmachinelearning.github.io/webmcp/): a page
// offers "tools" that an agent in the visitor's browser may call (ADR 0033). Only these types
// and the detection live here, so a page without the API loads nothing more.

export type WebMcpToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: unknown;
  isError?: boolean;
};

export type WebMcpTool = {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  execute: (input: unknown) => Promise<WebMcpToolResult>;
  annotations?: { readOnlyHint?: boolean; untrustedContentHint?: boolean };
};

export type ModelContext = {
  registerTool: (tool: WebMcpTool, options?: { signal?: AbortSignal }) => Promise<void> | undefined;
  /** Chrome's early preview (navigator.modelContext) unregisters by name, not by signal. */
  unregisterTool?: (name: string) => void;
};

declare global {
  interface Document {
    modelContext?: ModelContext;
  }
  interface Navigator {
    modelContext?: ModelContext;
  }
}

// The declarative API: a <form> becomes a tool, its named controls the parameters.
declare module "react" {
  interface FormHTMLAttributes<T> {
    toolname?: string;
    tooldescription?: string;
  }
  interface InputHTMLAttributes<T> {
    toolparamdescription?: string;
  }
  interface TextareaHTMLAttributes<T> {
    toolparamdescription?: string;
  }
}

/**
 * The page's model context, if the browser has one: the current draft puts it on `document`,
 * Chrome's early preview on `navigator`.
 */
export function findModelContext(): ModelContext | undefined {
  if (typeof document === "undefined") return undefined;
  return document.modelContext ?? navigator.modelContext;
}
