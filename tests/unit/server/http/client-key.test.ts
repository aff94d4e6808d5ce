import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressKey, clientKey } from '../../../../src/server/http/client-key.ts';

function request(remoteAddress: string | undefined, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('the rate-limit client key', () => {
  it('keys an IPv6 client by its /64, whatever address it uses inside it', () => {
    const keys = new Set(
      [
        '2001:db8:1:2::1',
        '2001:db8:1:2:ffff:ffff:ffff:ffff',
        '2001:0db8:0001:0002:0000:0000:0000:0042',
        '2001:DB8:1:2:a:b:c:d',
        '2001:db8:1:2::1%eth0',
      ].map((address) => clientKey(request(address), false)),
    );
    expect([...keys]).toEqual(['2001:db8:1:2::/64']);
  });

  it('keeps different /64s apart', () => {
    expect(clientKey(request('2001:db8:1:2::1'), false)).not.toBe(clientKey(request('2001:db8:1:3::1'), false));
  });

  it('turns IPv4-mapped addresses back into IPv4, one bucket per IPv4 client', () => {
    expect(clientKey(request('::ffff:192.0.2.7'), false)).toBe('192.0.2.7');
    expect(clientKey(request('::ffff:c000:207'), false)).toBe('192.0.2.7');
    expect(clientKey(request('::FFFF:198.51.100.9'), false)).toBe('198.51.100.9');
    expect(clientKey(request('::ffff:192.0.2.7'), false)).not.toBe(clientKey(request('::ffff:192.0.2.8'), false));
  });

  it('keeps IPv4 addresses whole', () => {
    expect(clientKey(request('192.0.2.7'), false)).toBe('192.0.2.7');
    expect(clientKey(request('127.0.0.1'), false)).toBe('127.0.0.1');
  });

  it('behind a trusted proxy takes the hop the proxy appended, else the socket address', () => {
    expect(clientKey(request('10.0.0.2', '203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientKey(request('10.0.0.2', '198.51.100.1, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientKey(request('10.0.0.2'), true)).toBe('10.0.0.2');
    expect(clientKey(request('10.0.0.2', ' , '), true)).toBe('10.0.0.2');
    expect(clientKey(request('10.0.0.2', '203.0.113.9'), false)).toBe('10.0.0.2');
  });

  it('applies the same rules to the address a trusted proxy reports', () => {
    expect(clientKey(request('127.0.0.1', '203.0.113.5, 2001:db8:aa:bb::7'), true)).toBe('2001:db8:aa:bb::/64');
    expect(clientKey(request('127.0.0.1', '[2001:db8:aa:bb::7]:443'), true)).toBe('2001:db8:aa:bb::/64');
    expect(clientKey(request('127.0.0.1', '::ffff:203.0.113.5'), true)).toBe('203.0.113.5');
    expect(clientKey(request('127.0.0.1', '203.0.113.5:51000'), true)).toBe('203.0.113.5');
    // Not an address: the socket's own address is used, never the forged text.
    expect(clientKey(request('::ffff:127.0.0.1', 'unique-every-time-1234'), true)).toBe('127.0.0.1');
    // Without a trusted proxy the header is ignored.
    expect(clientKey(request('2001:db8::1', '203.0.113.5'), false)).toBe('2001:db8:0:0::/64');
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'localhost', '1.2.3', '2001:db8::g', '::ffff:999.1.1.1', '1:2:3:4:5:6:7:8:9']) {
      expect(addressKey(value), value).toBeNull();
    }
    expect(clientKey(request(undefined), false)).toBe('unknown');
  });
});
