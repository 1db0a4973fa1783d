import fs from "node:fs";
import path from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import TurndownService from "turndown";
import { PUBLISHING_NETWORK_NAMES } from "#shared/networks.ts";
import { PRERENDERED_PATHS, ROUTES } from "#shared/routes.ts";
import { DEFAULT_SITE_SETTINGS, PAGE_TITLE_SEPARATOR } from "#shared/site-settings.ts";

// ADR 0036: /llms.txt after llmstxt.org, written at build time (react-router.config.ts,
// buildEnd) from the prerendered pages themselves, so what an agent reads is what a visitor
// sees. Every page also gets its Markdown twin at "<path>.md" ("/index.html.md" for "/"), the
// "Markdown-friendly summaries" llms.txt links to.

const PRODUCT_NAME = "Postwerk";

// The legal pages and the cancellation page matter less to an agent: llmstxt.org's "Optional".
const OPTIONAL_PATHS: readonly string[] = [ROUTES.privacy, ROUTES.terms, ROUTES.imprint, ROUTES.cancellation];

export type AgentPage = { path: string; name: string; description: string; markdown: string };

/** The Markdown twin's URL of a page, as llmstxt.org proposes it. */
export function markdownPathOf(pagePath: string): string {
  return pagePath === ROUTES.home ? "/index.html.md" : `${pagePath}.md`;
}

/** Writes llms.txt and one .md per prerendered page into the built client folder. */
export function writeLlmsTxt(clientDir: string): void {
  const pages = PRERENDERED_PATHS.map((pagePath) => readAgentPage(clientDir, pagePath));
  for (const page of pages) {
    fs.writeFileSync(path.join(clientDir, markdownPathOf(page.path)), page.markdown);
  }
  fs.writeFileSync(path.join(clientDir, "llms.txt"), composeLlmsTxt(pages));
}

function readAgentPage(clientDir: string, pagePath: string): AgentPage {
  const file = path.join(clientDir, pagePath === ROUTES.home ? "index.html" : `${pagePath.slice(1)}/index.html`);
  return toAgentPage(pagePath, fs.readFileSync(file, "utf8"));
}

export function toAgentPage(pagePath: string, html: string): AgentPage {
  const document = parseDocument(html);
  const find = (name: string) => DomUtils.findOne((element) => element.name === name, document.children);
  const title = DomUtils.textContent(find("title") ?? []);
  // Page titles read "Preise – <site title>"; the home page carries the site title alone.
  const name = pagePath === ROUTES.home ? "Startseite" : (title.split(PAGE_TITLE_SEPARATOR)[0] ?? title).trim();
  const descriptionElement = DomUtils.findOne(
    (element) => element.name === "meta" && element.attribs.name === "description",
    document.children,
  );
  const description = descriptionElement?.attribs.content ?? "";
  const main = find("main");
  if (!main) throw new Error(`llms.txt: ${pagePath} hat kein <main>`);
  const body = toMarkdown(DomUtils.getInnerHTML(main));
  // The page brings its own heading; the description leads as its summary.
  const markdown = `> ${description}\n\n${body}\n`;
  return { path: pagePath, name, description, markdown };
}

export function composeLlmsTxt(pages: readonly AgentPage[]): string {
  const home = pages.find((page) => page.path === ROUTES.home);
  const link = (page: AgentPage) => `- [${page.name}](${markdownPathOf(page.path)}): ${page.description}`;
  const main = pages.filter((page) => !OPTIONAL_PATHS.includes(page.path));
  const optional = pages.filter((page) => OPTIONAL_PATHS.includes(page.path));
  return [
    `# ${PRODUCT_NAME}`,
    "",
    `> ${home?.description ?? DEFAULT_SITE_SETTINGS.metaDescription}`,
    "",
    "Postwerk ist ein deutschsprachiges Werkzeug für Social-Media-Beiträge: Der Beitragsgenerator " +
      "(/erstellen, nach Anmeldung) schreibt aus Text oder Stichworten drei Vorschläge für Facebook, " +
      "Instagram, LinkedIn oder X; der X-Post Optimizer (/xposter-evaluator) bewertet X-Posts nach sechs " +
      `Kriterien; im Redaktionsplan (/redaktionsplan) veröffentlicht und plant es Beiträge auf ${PUBLISHING_NETWORK_NAMES}. ` +
      "Jede Seite unten gibt es als Markdown; die Links führen dorthin.",
    "",
    "## Seiten",
    "",
    ...main.map(link),
    "",
    "## Optional",
    "",
    ...optional.map(link),
    "",
  ].join("\n");
}

const turndown = new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced" });
// Icons and controls carry no text an agent could use; scripts and styles none at all.
const WORDLESS_ELEMENTS = new Set(["script", "style", "svg", "button", "noscript"]);
turndown.remove((node) => WORDLESS_ELEMENTS.has(node.nodeName.toLowerCase()));

function toMarkdown(html: string): string {
  return turndown
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
