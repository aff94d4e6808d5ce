/**
 * Whose confirmations count together. The rate limit keys an IPv6 client by its /64 (see
 * src/server/http/client-key.ts), but a subscriber is often handed a /56 or a /48, so one
 * attacker held 256 keys and could have the form mail 1,280 strangers every 10 minutes.
 * Confirmations (mail the form makes us send to an address the visitor names) are therefore
 * counted per /48; an IPv4 client stays one address.
 */
import { ipv6Groups } from '../http/ip-address.ts';

export function confirmationGroup(clientKey: string): string {
  const prefix = /^(.+)\/64$/.exec(clientKey)?.[1];
  const groups = prefix ? ipv6Groups(prefix) : null;
  if (!groups) return clientKey;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}
