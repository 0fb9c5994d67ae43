import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The network a request comes from: an IPv4 address, or the /48 of an IPv6 address (a subscriber or a
 * tunnel broker hands one person up to a /48). 6to4 (2002::/16) and Teredo (2001:0::/32) addresses
 * count as the IPv4 address they carry.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const p = v6.parts;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (p[0] === 0x2002) return ipv4(p[1]!, p[2]!);
    else if (p[0] === 0x2001 && p[1] === 0) return ipv4(p[6]! ^ 0xffff, p[7]! ^ 0xffff);
    else
      return `${p
        .slice(0, 3)
        .map((x) => x.toString(16))
        .join(':')}::/48`;
  }
  return parsed.toString();
}

function ipv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * What is stored of a network: a keyed digest (HMAC-SHA-256 with the site's telemetry secret), so
 * the stored values cannot be turned back into addresses by trying them all.
 */
export function networkDigest(network: string, secret: string): string {
  return createHmac('sha256', secret).update(network).digest('base64url').slice(0, 22);
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
    const v6 = isIP(address ?? '') === 6;
    // A range as wide as a /8 (IPv4) or a /16 (IPv6) is no longer "the proxies": it is nearly everyone.
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (v6 ? 128 : 32) && Number(bits) >= (v6 ? 16 : 8));
    if (!okAddress || !okBits || extra !== undefined)
      throw new Error(
        `DEPLOY-001: MERIDIAN_TRUST_PROXY has "${entry}", which is neither an address nor a CIDR range of the proxies (at most a /8, or a /16 for IPv6)`,
      );
  }
  return entries;
}
