// `npm start` builds the front end only when what the build reads has changed since the last
// build (ADR 0029: start in seconds on an already built checkout); `npm run build` always builds
// and leaves the same stamp, so a deployment that builds first starts without building again.
//   node --import tsx scripts/build-if-changed.ts           build if the stamp differs
//   node --import tsx scripts/build-if-changed.ts --stamp   only write the stamp (after a build)
import "./require-node.ts";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENT_DIR = path.join(ROOT, "build/client");
const STAMP_FILE = path.join(ROOT, "build/.source-stamp");

// Everything react-router build reads: the browser code and what it imports, static files,
// the build configuration and the installed dependencies (through the lockfile).
const SOURCE_PATHS = [
  "app",
  "shared",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

// vite.config.ts compiles these into the legal pages (ADR 0009); Vite itself exposes VITE_*.
const BUILD_ENVIRONMENT = /^(COMPANY_|VITE_)|^AI_PROVIDER$/;

/**
 * A hash of the sources' contents (not their times: a fresh checkout or a copy changes every
 * mtime without changing the build) and of the build's environment variables.
 */
export function computeSourceStamp(env: NodeJS.ProcessEnv = process.env): string {
  const hash = crypto.createHash("sha256");
  for (const relative of SOURCE_PATHS) {
    for (const file of listFiles(path.join(ROOT, relative))) {
      hash.update(path.relative(ROOT, file)).update("\0").update(fs.readFileSync(file)).update("\0");
    }
  }
  const variables = Object.keys(env)
    .filter((name) => BUILD_ENVIRONMENT.test(name))
    .sort();
  for (const name of variables) hash.update(`${name}=${env[name] ?? ""}\0`);
  return hash.digest("hex");
}

function listFiles(target: string): string[] {
  if (!fs.existsSync(target)) return [];
  if (fs.statSync(target).isFile()) return [target];
  return fs
    .readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function isBuildCurrent(stamp: string): boolean {
  const complete = ["index.html", "__spa-fallback.html"].every((file) => fs.existsSync(path.join(CLIENT_DIR, file)));
  return complete && fs.existsSync(STAMP_FILE) && fs.readFileSync(STAMP_FILE, "utf8").trim() === stamp;
}

export function writeSourceStamp(stamp = computeSourceStamp()) {
  fs.mkdirSync(path.dirname(STAMP_FILE), { recursive: true });
  fs.writeFileSync(STAMP_FILE, `${stamp}\n`);
}

/** Builds when the stamp differs; returns whether it built. */
export function buildIfSourcesChanged(options: { log?: (line: string) => void } = {}): boolean {
  const log = options.log ?? console.log;
  const stamp = computeSourceStamp();
  if (isBuildCurrent(stamp)) return false;
  log("Frontend-Quellen geändert oder noch nicht gebaut: baue (react-router build) …");
  // A build that fails halfway must not look current next time.
  fs.rmSync(STAMP_FILE, { force: true });
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  writeSourceStamp(stamp);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--stamp")) writeSourceStamp();
  else if (!buildIfSourcesChanged()) console.log("Frontend-Build ist aktuell.");
}
