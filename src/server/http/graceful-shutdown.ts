import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

export interface DrainOptions {
  /**
   * How long an idle keep-alive connection is left open after draining begins (and how often idle
   * ones are closed after that). Default 1 s.
   */
  idleGraceMs?: number;
  /** Connections still open after this are closed, requests in flight or not. Default 10 s. */
  forceAfterMs?: number;
  /** Called when the forced close happens. */
  onForce?: () => void;
}

export interface GracefulShutdown {
  readonly draining: boolean;
  /** Stops accepting and resolves once every connection has closed. Safe to call twice. */
  drain(options?: DrainOptions): Promise<void>;
}

/**
 * Lets an HTTP server with keep-alive clients stop without dropping requests. Once draining:
 *
 * - no new connection is accepted;
 * - every answer carries `Connection: close`. Otherwise a busy keep-alive client goes on sending
 *   request after request over its open connection, the server never empties, and the forced close
 *   at the bound cuts off whatever is in flight then (a lead stored, its visitor shown an error);
 * - idle connections are closed after a short grace, not at once as `http.Server#close` does: a
 *   request may already be on its way over an idle connection, or waiting unread while the process
 *   was busy, and closing the connection under it resets it;
 * - after `forceAfterMs`, whatever is still open is closed.
 */
export function gracefulShutdown(server: Server): GracefulShutdown {
  let draining = false;
  let drained: Promise<void> | null = null;

  server.prependListener('request', (_req, res) => {
    if (draining) res.setHeader('Connection', 'close');
  });

  return {
    get draining() {
      return draining;
    },
    drain(options = {}) {
      if (drained) return drained;
      draining = true;
      const graceMs = options.idleGraceMs ?? 1000;
      drained = new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), graceMs);
        const force = setTimeout(() => {
          options.onForce?.();
          server.closeAllConnections();
        }, options.forceAfterMs ?? 10_000);
        // net.Server#close stops accepting and calls back once the last connection has closed,
        // without http.Server#close's immediate closing of idle connections (see above).
        NetServer.prototype.close.call(server, () => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
      });
      return drained;
    },
  };
}
