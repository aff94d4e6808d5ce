/**
 * Real receivers on loopback for the delivery tests: an SMTP server (smtp-server, from nodemailer's
 * authors) that keeps every message it accepts, and an HTTP server whose behaviour a test can change
 * (2xx, 5xx, slow, down) and which records every request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string[]>;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part. */
  html: string;
}

/** Quoted-printable (RFC 2045), as nodemailer writes body parts. */
function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseHeaders(block: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

/** A text part (plain or html) of a message nodemailer built (multipart/alternative), decoded. */
export function textPart(raw: string, subtype: 'plain' | 'html' = 'plain'): string {
  const match = new RegExp(
    `Content-Type: text/${subtype}[^\\r\\n]*\\r\\nContent-Transfer-Encoding: ([\\w-]+)\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`,
    'i',
  ).exec(raw);
  if (!match) return '';
  const [, encoding, body] = match;
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body ?? '', 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body ?? '');
  return body ?? '';
}

export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html' | 'raw'> {
  const end = raw.indexOf('\r\n\r\n');
  return { raw, headers: parseHeaders(raw.slice(0, end)), text: textPart(raw), html: textPart(raw, 'html') };
}

/**
 * A real SMTP server on loopback that keeps every message. `refuse` answers RCPT TO for an
 * address with that SMTP code (550: no such mailbox, 450: try later) instead of accepting it.
 */
export async function startSmtpReceiver({ refuse }: { refuse?: (address: string) => number | undefined } = {}) {
  const messages: ReceivedMail[] = [];
  const refusals: { address: string; code: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse?.(address.address);
      if (!code) return callback();
      refusals.push({ address: address.address, code });
      callback(Object.assign(new Error(code >= 500 ? 'No such mailbox' : 'Try again later'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedHook {
  headers: IncomingMessage['headers'];
  body: string;
  /** The status it was answered with (0 until answered). */
  answered: number;
  /** Date.now() when its body had arrived. */
  at: number;
}

/** The lead a webhook delivery carried (its Standard Webhooks payload names it in `data.id`). */
export const leadIdOf = (hook: ReceivedHook): string => (JSON.parse(hook.body) as { data: { id: string } }).data.id;

/** Whether the receiver accepted the delivery (answered 2xx). */
export const wasAccepted = (hook: ReceivedHook): boolean => hook.answered >= 200 && hook.answered < 300;

export type HookBehaviour = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** An HTTP receiver; `behave` decides each answer (default 204). `stop()`/`restart()` take it down and up on the same port. */
export async function startHookReceiver() {
  const received: ReceivedHook[] = [];
  let behave: HookBehaviour = (_req, res) => res.writeHead(204).end();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const record: ReceivedHook = { headers: req.headers, body, answered: 0, at: Date.now() };
      received.push(record);
      const writeHead = res.writeHead.bind(res);
      res.writeHead = ((status: number, ...rest: unknown[]) => {
        record.answered = status;
        return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
      }) as typeof res.writeHead;
      behave(req, res, body);
    });
  };
  let server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received,
    set(next: HookBehaviour) {
      behave = next;
    },
    stop,
    async restart() {
      server = createServer(handler);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: stop,
  };
}
