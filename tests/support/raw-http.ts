/**
 * A raw HTTP/1.1 client for tests that must send a request exactly as an attacker would write it:
 * fetch, undici and Playwright's request context all normalise the target (`//x`, `/\\x`, dot
 * segments) and refuse repeated Host headers, so these requests are written to a socket as bytes.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** The status line as sent, e.g. `HTTP/1.1 400 Bad Request`. */
  statusLine: string;
  headers: Record<string, string>;
  /** Every header line as sent (name lower-cased), for headers that may repeat. */
  headerLines: [string, string][];
  body: string;
}

/**
 * Sends one request exactly as written (`target` unnormalised, headers as given) on a fresh
 * connection and reads the answer until the server closes it.
 */
export function rawRequest(
  port: number,
  target: string,
  { method = 'GET', headers = {} as Record<string, string | string[]>, body = '' } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const lines = [`${method} ${target} HTTP/1.1`];
    const all: Record<string, string | string[]> = { Host: `127.0.0.1:${port}`, Connection: 'close', ...headers };
    if (body) all['Content-Length'] = String(Buffer.byteLength(body));
    for (const [name, value] of Object.entries(all)) {
      for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
    }
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...rest] = text.slice(0, end).split('\r\n');
      const headerLines = rest.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
      });
      resolve({
        status: Number(statusLine.split(' ')[1]),
        statusLine,
        headers: Object.fromEntries(headerLines),
        headerLines,
        body: end === -1 ? '' : text.slice(end + 4),
      });
    });
  });
}
