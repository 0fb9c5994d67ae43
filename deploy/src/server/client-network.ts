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

/** The longest text of an address with a port (`[ffff:…:255.255.255.255]:65535`). */
const MAX_ADDRESS_TEXT = 64;
/** Hops of `X-Forwarded-For` looked at, from the nearest: more proxies than this is no real chain. */
const MAX_FORWARDED_HOPS = 16;

/**
 * One entry of `X-Forwarded-For` as an IP address: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1` or
 * `[2001:db8::1]:443` give the bare address (the port stripped); anything else (a name, markup, a zone
 * index, an over-long value) is null.
 */
export function parseForwardedAddress(entry: string): string | null {
  const text = entry.trim();
  if (text.length === 0 || text.length > MAX_ADDRESS_TEXT) return null;
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(text);
  const withPort = /^([0-9.]+):(\d{1,5})$/.exec(text);
  const address = bracketed?.[1] ?? withPort?.[1] ?? text;
  const port = bracketed?.[2] ?? withPort?.[2];
  if (port !== undefined && Number(port) > 65_535) return null;
  const kind = address.includes('%') ? 0 : isIP(address);
  if (kind === 0 || (bracketed && kind !== 6) || (withPort && kind !== 4)) return null;
  return kind === 6 ? address.toLowerCase() : address;
}

/**
 * `X-Forwarded-For` as the server may read it: its entries from the nearest hop back, each parsed as an
 * IP address (port stripped), up to the first that is not one. Whatever stands beyond such an entry
 * cannot be told apart from what a client made up, so it is dropped; with nothing left the header goes,
 * and the connection's address counts. Undefined when nothing usable remains.
 */
export function forwardedChain(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const entries = (Array.isArray(header) ? header.join(',') : header).split(',');
  const kept: string[] = [];
  for (let i = entries.length - 1; i >= 0 && kept.length < MAX_FORWARDED_HOPS; i -= 1) {
    const address = parseForwardedAddress(entries[i]!);
    if (address === null) break;
    kept.unshift(address);
  }
  return kept.length > 0 ? kept.join(', ') : undefined;
}
