import { describe, expect, it } from 'vitest';
import { canonicalAddress, recipientKey } from '../../../../src/server/leads/canonical-address.ts';

describe('the canonical address a confirmation is counted by', () => {
  it.each([
    ['target@example.com', 'target@example.com'],
    ['Target@Example.com', 'target@example.com'],
    ['TARGET+3@EXAMPLE.COM', 'target@example.com'],
    ['target+1@example.com', 'target@example.com'],
    ['target+news+x@example.com', 'target@example.com'],
    ['  target@example.com.  ', 'target@example.com'],
    ['ada@BÜCHER.example', 'ada@xn--bcher-kva.example'],
    ['ada@xn--bcher-kva.example', 'ada@xn--bcher-kva.example'],
    ['ada@ｅｘａｍｐｌｅ.com', 'ada@example.com'],
  ])('%j is %j', (address, canonical) => {
    expect(canonicalAddress(address)).toBe(canonical);
  });

  it('keeps different mailboxes apart', () => {
    expect(canonicalAddress('ada@example.com')).not.toBe(canonicalAddress('ada@example.org'));
    expect(canonicalAddress('ada.l@example.com')).not.toBe(canonicalAddress('adal@example.com'));
  });

  it('keys the outbox by a hash of it, never the address itself', () => {
    const key = recipientKey('TARGET+3@Example.com');
    expect(key).toBe(recipientKey('target@example.com'));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('target');
  });
});
