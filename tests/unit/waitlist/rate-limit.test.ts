import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../src/server/http/client-key.ts';

describe('clientKey', () => {
  const request = (remoteAddress: string, forwarded?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    }) as unknown as IncomingMessage;

  it('uses the socket address unless the proxy is trusted', () => {
    expect(clientKey(request('10.0.0.2', '203.0.113.9'), false)).toBe('10.0.0.2');
  });
  it('behind a trusted proxy uses the hop the proxy appended', () => {
    expect(clientKey(request('10.0.0.2', '203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientKey(request('10.0.0.2', '198.51.100.1, 203.0.113.9'), true)).toBe('203.0.113.9');
  });
  it('falls back to the socket address without a usable header', () => {
    expect(clientKey(request('10.0.0.2'), true)).toBe('10.0.0.2');
    expect(clientKey(request('10.0.0.2', ' , '), true)).toBe('10.0.0.2');
  });
});
