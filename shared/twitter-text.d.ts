// The one file of twitter-text that shared/x-counting.ts imports (ADR 0063); @types/twitter-text
// only describes the package's index. The file is CommonJS: `module.exports` is the function.
declare module "twitter-text/dist/extractUrlsWithIndices.js" {
  import type { UrlWithIndices } from "twitter-text";

  function extractUrlsWithIndices(text: string, options?: { extractUrlsWithoutProtocol: boolean }): UrlWithIndices[];
  export = extractUrlsWithIndices;
}
