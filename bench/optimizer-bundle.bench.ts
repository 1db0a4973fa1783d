import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// The optimizer's browser code for a signed-in user, gzip level 9 as the build compresses it
// (ADR 0063): the /xposter-evaluator route module with every chunk it imports (the shell
// included), plus the tool that it loads lazily once the session is known (ADR 0032) with every
// chunk that imports. Read from a production build's files, so it measures what a browser loads.
// A report, not a test: bench/run.ts prints it.

const OPTIMIZER_ROUTE_ID = "routes/xposter-evaluator";
const LAZY_TOOL_CHUNK = /import\(`\.\/(optimizer-tool-[\w-]+\.js)`\)/;
const STATIC_IMPORT = /(?:from|import)\s*"\.\/([\w.-]+\.js)"/g;

// 175.7 KiB before ADR 0063 (twitter-text whole, with twemoji-parser 11) plus the 10 KiB that
// current emoji were allowed to add; 159.2 KiB with ADR 0063.
export const OPTIMIZER_JS_TARGET_KIB = 185.7;

export type OptimizerBundleReport = {
  /** Route module, its imports, the lazy tool and its imports. */
  totalGzipKib: number;
  /** The chunks only the lazy tool brings (the counting rules among them). */
  toolGzipKib: number;
  files: number;
};

/** `clientDir` is a build's `build/client`; throws when there is no build to measure. */
export function measureOptimizerBundle(clientDir: string): OptimizerBundleReport {
  const assetsDir = path.join(clientDir, "assets");
  const manifestFile = fs.readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (manifestFile === undefined) throw new Error(`${assetsDir}: kein React-Router-Manifest, zuerst npm run build`);
  const manifestSource = fs.readFileSync(path.join(assetsDir, manifestFile), "utf8");
  const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1));
  const route: { module: string; imports?: string[] } | undefined = manifest.routes[OPTIMIZER_ROUTE_ID];
  if (route === undefined) throw new Error(`${manifestFile}: keine Route ${OPTIMIZER_ROUTE_ID}`);

  const routeFiles = collectStaticImports(assetsDir, [route.module, ...(route.imports ?? [])].map(fileName));
  const toolChunk = LAZY_TOOL_CHUNK.exec(readAsset(assetsDir, fileName(route.module)))?.[1];
  if (toolChunk === undefined) throw new Error(`${route.module}: kein lazy import des Optimizer-Werkzeugs`);
  const toolFiles = [...collectStaticImports(assetsDir, [toolChunk])].filter((file) => !routeFiles.has(file));

  const gzipKib = (files: Iterable<string>) => {
    let bytes = 0;
    for (const file of files) bytes += zlib.gzipSync(fs.readFileSync(path.join(assetsDir, file)), { level: 9 }).length;
    return bytes / 1024;
  };
  const toolGzipKib = gzipKib(toolFiles);
  return { totalGzipKib: gzipKib(routeFiles) + toolGzipKib, toolGzipKib, files: routeFiles.size + toolFiles.length };
}

function fileName(assetUrl: string): string {
  return path.posix.basename(assetUrl);
}

function readAsset(assetsDir: string, file: string): string {
  return fs.readFileSync(path.join(assetsDir, file), "utf8");
}

function collectStaticImports(assetsDir: string, entries: string[]): Set<string> {
  const files = new Set(entries);
  for (const file of files) {
    for (const match of readAsset(assetsDir, file).matchAll(STATIC_IMPORT)) {
      if (match[1] !== undefined) files.add(match[1]);
    }
  }
  return files;
}
