import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { serve } from "@hono/node-server";

/**
 * How long the HTTP server waits for a client (ADR 0047, 0057, docs/architecture.md "Grenzen").
 * `requestMs` covers receiving the request, headers and body, never sending the response: a
 * generation that streams for minutes is not cut. A client that trickles its headers or body
 * is answered 408 and dropped within `requestMs` plus one `checkEveryMs`; Node's own defaults
 * held it for five minutes. An upload (UPLOAD_PATHS) is timed by its progress instead: 13 MB
 * take two minutes on a 1 Mbit/s line, so it is cut only after `uploadIdleMs` without a byte,
 * or after `uploadMaxMs` in all.
 */
export const SERVER_TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 30_000,
  uploadIdleMs: 15_000,
  uploadMaxMs: 10 * 60_000,
  // Longer than the 60 s a load balancer commonly keeps an idle upstream connection (nginx,
  // AWS ALB), so the server never closes one the balancer is about to reuse (a 502 for a POST).
  keepAliveMs: 65_000,
  // How often Node looks for requests over their deadline; its default of 30 s would double
  // the time a slow client is held.
  checkEveryMs: 1_000,
};

export type ServerTimeouts = typeof SERVER_TIMEOUTS;

/** Request paths whose body is an image upload (ADR 0057): the generator's and the composer's (ADR 0086). */
export const UPLOAD_PATHS: readonly string[] = ["/api/generator/generate", "/api/media"];

/** A request whose body is still arriving. */
type Receiving = { startedAt: number; bytesRead: number; progressAt: number; upload: boolean };

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
        // Off: Node's deadline knows no exception per path; bodies are timed below instead.
        requestTimeout: 0,
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
  server.prependListener("request", (request: IncomingMessage, response: ServerResponse) => {
    if (draining) closeAfter(response);
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
    if (!request.complete) watchBody(request, response);
  });

  const receiving = new Map<IncomingMessage, Receiving & { response: ServerResponse }>();
  const bodyCheck = setInterval(checkBodies, timeouts.checkEveryMs);
  bodyCheck.unref();
  server.once("close", () => clearInterval(bodyCheck));

  function watchBody(request: IncomingMessage, response: ServerResponse) {
    const now = Date.now();
    const path = request.url?.split("?")[0] ?? "";
    receiving.set(request, {
      response,
      startedAt: now,
      bytesRead: request.socket.bytesRead,
      progressAt: now,
      upload: UPLOAD_PATHS.includes(path),
    });
    const forget = () => receiving.delete(request);
    request.once("end", forget);
    request.once("close", forget);
  }

  function checkBodies() {
    const now = Date.now();
    for (const [request, state] of receiving) {
      if (request.complete) {
        receiving.delete(request);
        continue;
      }
      if (request.socket.bytesRead > state.bytesRead) {
        state.bytesRead = request.socket.bytesRead;
        state.progressAt = now;
      }
      if (bodyOverdue(state, now, timeouts)) {
        receiving.delete(request);
        dropSlowClient(request, state.response);
      }
    }
  }

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

export function bodyOverdue(state: Receiving, now: number, timeouts: ServerTimeouts): boolean {
  if (!state.upload) return now - state.startedAt > timeouts.requestMs;
  return now - state.progressAt > timeouts.uploadIdleMs || now - state.startedAt > timeouts.uploadMaxMs;
}

/** As Node answers an overdue request itself: 408 if nothing was sent yet, and the connection closed. */
function dropSlowClient(request: IncomingMessage, response: ServerResponse) {
  const socket = request.socket;
  if (response.headersSent) {
    socket.destroy();
    return;
  }
  response.shouldKeepAlive = false;
  response.writeHead(408, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
  response.end("Request Timeout", () => socket.destroy());
}
