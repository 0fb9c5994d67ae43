import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The network a request comes from, as an opaque digest: an IPv4 address, or the /64 of an IPv6
 * address (one subscriber usually holds a whole /64). The address itself is never stored.
 */
export function clientNetwork(ip: string): string {
  let network = ip;
  if (ipaddr.isValid(ip)) {
    let parsed = ipaddr.parse(ip);
    if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
    network = parsed.kind() === 'ipv6' ? `${(parsed as ipaddr.IPv6).parts.slice(0, 4).join(':')}::/64` : parsed.toString();
  }
  return createHash('sha256').update(`meridian-telemetry:${network}`).digest('base64url').slice(0, 22);
}

/**
 * Which proxies may name the client in `X-Forwarded-For` (MERIDIAN_TRUST_PROXY): a comma-separated
 * list of addresses or CIDR ranges (for example `127.0.0.1,10.0.0.0/8`). Unset or empty: none, and
 * the connection's address is the client's. Anything else is refused at start, because trusting
 * every sender would let anyone choose their own address.
 */
export function parseTrustProxy(value: string | undefined): string[] | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const entries = text.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const okAddress = address !== undefined && isIP(address) !== 0;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address ?? '') === 6 ? 128 : 32));
    if (!okAddress || !okBits || extra !== undefined)
      throw new Error(`DEPLOY-001: MERIDIAN_TRUST_PROXY has "${entry}", which is neither an address nor a CIDR range`);
  }
  return entries;
}
