import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findEnglishUiStrings, looksLikeEnglishUi } from "./english-ui-strings.ts";

// ADR 0100: no English UI text in the built client.

describe("looksLikeEnglishUi", () => {
  it.each([
    "Post copied to clipboard",
    "Posts deleted successfully",
    "Failed to copy text",
    "Invalid email address",
    "Emails don't match",
    "Passwords don't match",
    "No messages yet",
    "Mark as read",
    "New",
    "Error loading messages",
    "Failed to update credits",
    "Please enter a response message",
    "Error signing out. Please try again.",
    "Successfully signed out. Please sign in again to ensure you have the latest version.",
    "Failed to sign in with Google",
  ])("finds %j", (text) => {
    expect(looksLikeEnglishUi(text)).toBe(true);
  });

  it.each([
    "Beitrag in die Zwischenablage kopiert",
    "Noch keine Nachrichten",
    "Neu",
    "Thread (3-7 Posts)",
    "X-Post Optimizer",
    "rounded-xl border border-indigo-200 bg-gradient-to-br from-indigo-50 to-white p-5 shadow-sm",
    "https://example.com/a/b",
    "application/json",
    "Postwerk",
    "In Ihrer Zeitzone",
  ])("lets %j pass", (text) => {
    expect(looksLikeEnglishUi(text)).toBe(false);
  });
});

describe("findEnglishUiStrings", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "english-ui-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };

  it("reports our English text in a script and a page, not a library's", () => {
    write("src/archive.ts", 'export const M = { copied: "Post copied to clipboard", ok: "Beitrag gelöscht" };');
    write("src/panel.tsx", "<Button>\n  Mark as read\n</Button>");
    write(
      "client/assets/archive.js",
      'const M={copied:"Post copied to clipboard",ok:"Beitrag gelöscht"};throw Error("No QueryClient set, use QueryClientProvider to set one");x("Mark as read")',
    );
    write(
      "client/faq/index.html",
      '<main><h1>Fragen</h1><p>Loading your posts</p><img alt="Logo von Postwerk"></main>',
    );
    const found = findEnglishUiStrings(path.join(dir, "client"), [path.join(dir, "src")]);
    expect(found).toEqual([
      { text: "Post copied to clipboard", file: path.join("assets", "archive.js") },
      { text: "Mark as read", file: path.join("assets", "archive.js") },
      { text: "Loading your posts", file: path.join("faq", "index.html") },
    ]);
  });
});

// The production build as it ships: built here when the sources changed since the last build
// (scripts/build-if-changed.ts), then scanned.
describe("the built client", () => {
  it("holds no English UI text", { timeout: 600_000 }, () => {
    const root = path.resolve(import.meta.dirname, "..");
    execFileSync(process.execPath, ["--import", "tsx", "scripts/build-if-changed.ts"], { cwd: root, stdio: "ignore" });
    expect(findEnglishUiStrings(path.join(root, "build/client"))).toEqual([]);
  });
});
