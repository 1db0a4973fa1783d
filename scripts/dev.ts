// Development: the API restarts on change (port 3001) and Vite serves the front end with
// hot reload on http://localhost:3000, forwarding /api to the API.
import { spawn } from "node:child_process";

const apiPort = "3001";
const children = [
  spawn("node", ["--import", "tsx", "--watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, BASE_URL: process.env.BASE_URL ?? "http://localhost:3000" },
  }),
  spawn("npx", ["react-router", "dev"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
