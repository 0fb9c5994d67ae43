import { RELEASE_PATHS } from '@meridian/contracts';

export type LoadEvent = 'load' | 'load-failure' | 'mount-failure';

/** Reports one remote version's outcome to the registry, without delaying the page. */
export function reportRemote(env: string, remote: string, version: string, event: LoadEvent, ms?: number): void {
  const body = JSON.stringify({ env, remote, version, event, ...(ms === undefined ? {} : { ms: Math.round(ms) }) });
  try {
    if (navigator.sendBeacon?.(RELEASE_PATHS.telemetry, body)) return;
  } catch {
    // fall through to fetch
  }
  void fetch(RELEASE_PATHS.telemetry, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(
    () => undefined,
  );
}
