// Postwerk runs on Node 24 LTS, Node 22.22 at the least (React Router 8's minimum; ADR 0052, 0055).
// `npm install` brings Node 24 as a dev dependency and npm scripts run on it; this guards a start
// with another Node.
const MINIMUM = [22, 22] as const;

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  console.error(
    `Node ${process.version} ist zu alt: Postwerk braucht Node 24 (mindestens ${MINIMUM.join(".")}). Starten Sie über npm (npm start, npm test), das Node 24 aus node_modules nutzt, oder installieren Sie Node 24 LTS (ADR 0052).`,
  );
  process.exit(1);
}
