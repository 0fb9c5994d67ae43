import type { FastifyRequest } from 'fastify';
import { addressKey } from '../accounts/limits.ts';
import { originAllowed } from '../accounts/same-origin.ts';
import { ApiFailure } from '../plugins/envelope.ts';

/**
 * Who may open a live connection (issue 14): a foreign browser `Origin` is refused before the upgrade
 * (cross-site WebSocket hijacking; a request without one, not a browser, is let through), and so is an
 * address past its count of open connections (an IPv6 caller counts by its /64, as the sign-in limits).
 */
export class LiveAdmission {
  private readonly allowedOrigins = new Set<string>();
  /** Open connections per client address. */
  private readonly perAddress = new Map<string, number>();

  constructor(
    origins: readonly (string | undefined)[],
    private readonly socketsPerAddress: number,
  ) {
    for (const origin of origins) {
      if (!origin) continue;
      try {
        this.allowedOrigins.add(new URL(origin).origin);
      } catch {
        throw new Error(`live: the allowed origin ${origin} is not a URL`);
      }
    }
  }

  /** Before the upgrade (`onRequest`): a foreign browser origin, or an address with too many connections, is refused. */
  readonly admit = async (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, request.headers.host, this.allowedOrigins)) {
      throw new ApiFailure('403', 'origin not allowed', 403);
    }
    if ((this.perAddress.get(addressKey(request.ip)) ?? 0) >= this.socketsPerAddress)
      throw new ApiFailure('429', 'too many live connections', 429, 10);
  };

  /**
   * Counts an opened connection; false when its address is past its count (upgrades admitted together
   * may all pass `admit` before any of them is counted: checked again here).
   */
  open(address: string): boolean {
    const open = this.perAddress.get(address) ?? 0;
    this.perAddress.set(address, open + 1);
    return open < this.socketsPerAddress;
  }

  closed(address: string): void {
    const count = (this.perAddress.get(address) ?? 1) - 1;
    if (count > 0) this.perAddress.set(address, count);
    else this.perAddress.delete(address);
  }
}
