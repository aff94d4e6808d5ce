/**
 * The Node HTTP server with every timeout a public server needs. Without `timeout`, a client that
 * connects and then stops reading (or never sends a byte after its first request) holds its socket
 * forever: the header and request timeouts only cover receiving a request, keep-alive only the gap
 * between requests. A thousand such sockets were enough to slow other visitors by 2.4 s.
 * Per-client connection caps belong to the reverse proxy in front (see docs/RELIABILITY.md).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ServerTimeouts {
  /** A socket with no traffic either way for this long is closed. */
  idleSocketMs: number;
  /** The whole request (headers and body) must arrive within this. */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  // Longer than any answer we make takes to compute (the feed's 5 s budget, a 10 s body), short
  // enough that a stalled socket is returned soon.
  idleSocketMs: 30_000,
  requestMs: 30_000,
  headersMs: 15_000,
  keepAliveMs: 5_000,
};

export function createHttpServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  timeouts: ServerTimeouts = SERVER_TIMEOUTS,
): Server {
  const server = createServer(
    {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // Node checks the request and header deadlines on this interval (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    },
    handle,
  );
  // The socket inactivity timeout: with no 'timeout' listener Node destroys the socket.
  server.timeout = timeouts.idleSocketMs;
  return server;
}
