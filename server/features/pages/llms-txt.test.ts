import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PRERENDERED_PATHS } from "#shared/routes.ts";
import { markdownPathOf, toAgentPage, writeLlmsTxt } from "./llms-txt.ts";

function prerenderedPage(title: string, description: string, main: string) {
  return `<!DOCTYPE html><html lang="de"><head><title>${title}</title><meta name="description" content="${description}"/></head><body><header><nav><a href="/preise">Preise</a></nav></header><main id="inhalt">${main}</main><footer>© Postwerk</footer><script>window.x = 1;</script></body></html>`;
}

describe("toAgentPage", () => {
  it("takes the page's name, its description and its main content as Markdown, without header, footer or controls", () => {
    const page = toAgentPage(
      "/preise",
      prerenderedPage(
        "Preise – Postwerk",
        "Pro für 24,99 € &amp; mehr",
        '<h1>Einfache Preise</h1><ul><li>10 Credits</li></ul><a href="/auth">Kostenlos registrieren</a><button>Pro buchen</button><svg><title>Icon</title></svg>',
      ),
    );
    expect(page.name).toBe("Preise");
    expect(page.description).toBe("Pro für 24,99 € & mehr");
    expect(page.markdown).toBe(
      "> Pro für 24,99 € & mehr\n\n# Einfache Preise\n\n-   10 Credits\n\n[Kostenlos registrieren](/auth)\n",
    );
  });

  it("calls the home page Startseite and refuses a page without <main>", () => {
    expect(toAgentPage("/", prerenderedPage("Postwerk", "Start", "<h1>Postwerk</h1>")).name).toBe("Startseite");
    expect(() => toAgentPage("/faq", "<html><body><p>ohne main</p></body></html>")).toThrow("/faq hat kein <main>");
  });
});

describe("writeLlmsTxt", () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "llms-txt-"));
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  it("writes llms.txt after llmstxt.org and a Markdown twin of every prerendered page", () => {
    for (const pagePath of PRERENDERED_PATHS) {
      const dir = path.join(clientDir, pagePath === "/" ? "" : pagePath.slice(1));
      fs.mkdirSync(dir, { recursive: true });
      const title = pagePath === "/" ? "Postwerk" : `Seite ${pagePath} – Postwerk`;
      fs.writeFileSync(
        path.join(dir, "index.html"),
        prerenderedPage(title, `Über ${pagePath}`, `<p>Inhalt ${pagePath}</p>`),
      );
    }
    writeLlmsTxt(clientDir);

    const llmsTxt = fs.readFileSync(path.join(clientDir, "llms.txt"), "utf8");
    const lines = llmsTxt.split("\n");
    expect(lines[0]).toBe("# Postwerk");
    expect(lines[2]).toBe("> Über /");
    expect(llmsTxt).toContain(
      "\n## Seiten\n\n- [Startseite](/index.html.md): Über /\n- [Seite /funktionen](/funktionen.md): Über /funktionen\n",
    );
    // The legal pages come last, in the section an agent may skip.
    const optional = llmsTxt.slice(llmsTxt.indexOf("## Optional"));
    for (const legal of ["/datenschutz", "/agb", "/impressum", "/kuendigen"]) {
      expect(optional).toContain(`(${legal}.md)`);
    }
    for (const pagePath of PRERENDERED_PATHS) {
      expect(llmsTxt).toContain(`(${markdownPathOf(pagePath)})`);
      const markdown = fs.readFileSync(path.join(clientDir, markdownPathOf(pagePath)), "utf8");
      expect(markdown).toBe(`> Über ${pagePath}\n\nInhalt ${pagePath}\n`);
    }
  });
});
