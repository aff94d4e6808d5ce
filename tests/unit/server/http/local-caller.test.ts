import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../../../src/server/http/ip-address.ts';
import { isLocalCaller } from '../../../../src/server/http/local-caller.ts';

function request(remoteAddress: string | undefined, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
}

describe('a caller on this machine (who may read /healthz in full)', () => {
  it('is one that connects from a loopback address, in any spelling a socket reports', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
      expect(isLocalCaller(request(address)), address).toBe(true);
    }
  });

  it('is never one that connects from another address: a container next door, the LAN, the internet', () => {
    for (const address of [
      '172.18.0.3',
      '10.0.0.2',
      '192.0.2.7',
      '::ffff:192.0.2.7',
      '2001:db8::1',
      '::',
      '::2',
      'fe80::1',
      'localhost',
      '',
      undefined,
    ]) {
      expect(isLoopbackAddress(address ?? ''), String(address)).toBe(false);
      expect(isLocalCaller(request(address)), String(address)).toBe(false);
    }
  });

  it('is never a request a proxy passed on, though the proxy runs on this machine and connects from loopback', () => {
    for (const header of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-proto': 'https' },
      { 'x-forwarded-host': 'www.example.com' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 proxy' },
    ]) {
      expect(isLocalCaller(request('127.0.0.1', header)), JSON.stringify(header)).toBe(false);
    }
  });
});
