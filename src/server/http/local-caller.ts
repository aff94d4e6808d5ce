import type { IncomingMessage } from 'node:http';
import { isLoopbackAddress } from './ip-address.ts';

/**
 * Headers a reverse proxy adds to the requests it passes on (nginx as shipped sets X-Forwarded-For,
 * X-Forwarded-Proto and X-Forwarded-Host; others use Forwarded, X-Real-IP or Via).
 */
function wasForwarded(req: IncomingMessage): boolean {
  return Object.keys(req.headers).some(
    (name) => name === 'forwarded' || name === 'x-real-ip' || name === 'via' || name.startsWith('x-forwarded-'),
  );
}

/**
 * Whether a request comes from a program on this machine itself (Docker's HEALTHCHECK, the operator
 * on the server, a test harness) rather than from a visitor: the connection is from a loopback
 * address and no proxy passed it on. A proxy on the same machine connects from loopback too, with
 * every visitor's request, so its forwarding headers decide; a visitor who adds such a header only
 * makes the request look more foreign. A proxy that adds none of them would pass for a local caller:
 * the shipped nginx sets X-Forwarded-For, which TRUST_PROXY needs from any proxy anyway.
 */
export function isLocalCaller(req: IncomingMessage): boolean {
  return isLoopbackAddress(req.socket.remoteAddress ?? '') && !wasForwarded(req);
}
