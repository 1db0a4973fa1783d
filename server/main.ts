import "../scripts/require-node.ts";
import { startServer } from "./start-server.ts";

await startServer();
