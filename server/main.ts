import { startServer } from "./start-server.ts";

await startServer();
