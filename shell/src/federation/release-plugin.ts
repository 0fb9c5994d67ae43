import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ResolvedRollout } from './rollout.ts';
import { reportRemote } from './telemetry.ts';

/**
 * The shell's Module Federation runtime plugin for the release plane:
 * - `createScript` loads each remote entry with the integrity `publish` recorded;
 * - `errorLoadRemote` answers a failed canary (or override) with its stable version in the same page
 *   view, and reports the failure so the registry can roll a bad canary back.
 */
export function releasePlugin(rollout: ResolvedRollout): ModuleFederationRuntimePlugin {
  const integrityByEntry = new Map<string, string>();
  for (const r of rollout.remotes) {
    if (r.integrity) integrityByEntry.set(new URL(r.entry, window.location.href).href, r.integrity);
    if (r.stable.integrity) integrityByEntry.set(new URL(r.stable.entry, window.location.href).href, r.stable.integrity);
  }
  const fellBack = new Set<string>();
  return {
    name: 'meridian-release',
    createScript({ url }) {
      const integrity = integrityByEntry.get(new URL(url, window.location.href).href);
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      return script;
    },
    async errorLoadRemote({ id, lifecycle, origin }) {
      if (lifecycle !== 'onLoad') return undefined;
      const container = id.split('/')[0];
      const resolved = rollout.remotes.find((r) => r.container === container);
      if (!resolved || fellBack.has(resolved.remote) || resolved.version === resolved.stable.version) return undefined;
      fellBack.add(resolved.remote);
      reportRemote(rollout.env, resolved.remote, resolved.version, 'load-failure');
      Object.assign(resolved, { ...resolved.stable, reason: 'stable' });
      origin.registerRemotes([{ name: resolved.container, alias: resolved.remote, entry: resolved.entry, type: 'global' }], {
        force: true,
      });
      return origin.loadRemote(id);
    },
  };
}
