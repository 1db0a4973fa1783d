import type { Server, ServerResponse } from "node:http";
import { serve } from "@hono/node-server";

/**
 * How long Node's HTTP server waits for a client (ADR 0047, docs/architecture.md "Grenzen").
 * `requestMs` covers receiving the request, headers and body, never sending the response: a
 * generation that streams for minutes is not cut. A client that trickles its headers or body
 * is answered 408 and dropped within `requestMs` plus one `checkEveryMs`; Node's own defaults
 * held it for five minutes.
 */
export const SERVER_TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 30_000,
  // Longer than the 60 s a load balancer commonly keeps an idle upstream connection (nginx,
  // AWS ALB), so the server never closes one the balancer is about to reuse (a 502 for a POST).
  keepAliveMs: 65_000,
  // How often Node looks for requests over their deadline; its default of 30 s would double
  // the time a slow client is held.
  checkEveryMs: 1_000,
};

export type ServerTimeouts = typeof SERVER_TIMEOUTS;

type ListenOptions = {
  fetch: Parameters<typeof serve>[0]["fetch"];
  port: number;
  /** Unset: every interface, as Node's listen() without a host. */
  hostname?: string;
  timeouts?: ServerTimeouts;
};

/**
 * The product's HTTP server: @hono/node-server with the timeouts above, and a drain for
 * shutting down without cutting a request (ADR 0047).
 */
export function listen(
  { fetch, port, hostname, timeouts = SERVER_TIMEOUTS }: ListenOptions,
  onListening?: (info: { address: string; port: number }) => void,
) {
  const server = serve(
    {
      fetch,
      port,
      hostname,
      serverOptions: {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        keepAliveTimeout: timeouts.keepAliveMs,
        connectionsCheckingInterval: timeouts.checkEveryMs,
      },
    },
    onListening,
    // Without a createServer option, @hono/node-server makes a node:http server.
  ) as Server;

  const inFlight = new Set<ServerResponse>();
  let draining = false;
  // Before Hono's listener, so a request that arrives while draining is answered with
  // `Connection: close` before Hono writes a header.
  server.prependListener("request", (_request, response: ServerResponse) => {
    if (draining) closeAfter(response);
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
  });

  // The response carries `Connection: close` if its headers are not out yet; either way the
  // socket ends once it is sent, so a keep-alive client opens no new request on it.
  function closeAfter(response: ServerResponse) {
    if (!response.headersSent) response.shouldKeepAlive = false;
    const socket = response.socket;
    response.once("finish", () => socket?.end());
  }

  return {
    server,
    /** Requests received and not yet answered. */
    get inFlight() {
      return inFlight.size;
    },
    /**
     * Stops accepting connections, closes idle keep-alive sockets at once and every busy one
     * after its current response. Resolves when the last connection is gone.
     */
    drain(): Promise<void> {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      for (const response of inFlight) closeAfter(response);
      return closed;
    },
  };
}

export type HttpServer = ReturnType<typeof listen>;
