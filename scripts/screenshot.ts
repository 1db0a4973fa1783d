// Takes full-page screenshots of the running product at desktop and phone width:
//   node --import tsx scripts/screenshot.ts http://localhost:3000 / /auth /konto
// Writes PNGs to screenshots/ (not committed), for looking at what we build.
import fs from "node:fs";
import { chromium } from "@playwright/test";

const [baseUrl = "http://localhost:3000", ...paths] = process.argv.slice(2);
const widths = [1280, 390];
fs.mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on("console", (message) => {
    if (message.type() === "error") console.error(`[${width}] console: ${message.text()}`);
  });
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    const name = `screenshots/${path.replace(/\W+/g, "_") || "_"}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await page.close();
}
await browser.close();
