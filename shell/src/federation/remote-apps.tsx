import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { getAppNames, registerApplication, triggerAppChange, unregisterApplication } from 'single-spa';
import type { LifeCycles } from 'single-spa';
import { containerName } from '@meridian/contracts';
import type { RemoteName } from '@meridian/contracts';
import type { Platform, RemoteProps } from '@meridian/platform';
import { RemoteFallback, outletElement } from '@meridian/ui';
import { APP_ROUTES, matchesRoute } from '../routes.ts';
import type { AppRoute } from '../routes.ts';
import { releasePlugin } from './release-plugin.ts';
import type { ResolvedRollout } from './rollout.ts';
import { reportRemote } from './telemetry.ts';

/** Registers the release plugin and the chosen remote entries with the federation runtime. */
export function registerRollout(rollout: ResolvedRollout): ResolvedRollout {
  performance.mark('meridian:register-start');
  registerPlugins([releasePlugin(rollout)]);
  registerRemotes(
    rollout.remotes.map((r) => ({ name: r.container, alias: r.remote, entry: r.entry, type: 'global' as const })),
    { force: true },
  );
  // bench/ reads these marks: the time the release plane adds before the first remote can load.
  performance.mark('meridian:remotes-registered');
  return rollout;
}

/**
 * Lifecycles that show the translated fallback with Retry in the outlet. Retry registers the
 * application again, so a remote that failed once can load on the next try without a reload.
 */
function fallbackLifecycles(retry: () => void): LifeCycles<RemoteProps> {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      root = createRoot(outletElement(props.name));
      root.render(<RemoteFallback onRetry={retry} />);
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}

function reportFailure(name: string, phase: 'load' | 'mount', error: unknown): void {
  window.dispatchEvent(new CustomEvent('meridian:remote-error', { detail: { name, phase, message: String(error) } }));
}

type LifecycleFn = (props: RemoteProps) => Promise<unknown>;

function callAll(fn: unknown, props: RemoteProps): Promise<unknown> {
  const fns = (Array.isArray(fn) ? fn : [fn]) as LifecycleFn[];
  return fns.reduce<Promise<unknown>>((p, f) => p.then(() => f(props)), Promise.resolve());
}

/** A remote that throws while mounting shows the fallback instead of an empty outlet. */
function guardMount(
  remote: string,
  module: LifeCycles<RemoteProps>,
  retry: () => void,
  onMountFailure: () => void,
): LifeCycles<RemoteProps> {
  let fallback: LifeCycles<RemoteProps> | null = null;
  return {
    bootstrap: (props) => callAll(module.bootstrap, props),
    mount: async (props) => {
      try {
        await callAll(module.mount, props);
      } catch (error) {
        reportFailure(remote, 'mount', error);
        onMountFailure();
        fallback = fallbackLifecycles(retry);
        await callAll(fallback.mount, props);
      }
    },
    unmount: async (props) => {
      if (fallback) {
        await callAll(fallback.unmount, props);
        fallback = null;
        return;
      }
      await callAll(module.unmount, props);
    },
  };
}

function registerRoute(route: AppRoute, platform: Platform, ready: Promise<ResolvedRollout>): void {
  const remote = route.name as RemoteName;
  const retry = () => {
    void unregisterApplication(remote).then(() => {
      registerRoute(route, platform, ready);
      return triggerAppChange();
    });
  };
  registerApplication<RemoteProps>({
    name: remote,
    app: async () => {
      const rollout = await ready.catch(() => null);
      const resolved = rollout?.remotes.find((r) => r.remote === remote);
      const report = (event: 'load' | 'load-failure' | 'mount-failure', ms?: number) => {
        if (rollout && resolved) reportRemote(rollout.env, remote, resolved.version, event, ms);
      };
      const started = performance.now();
      try {
        if (!rollout) throw new Error('SHELL-005: no rollout document');
        const module = await loadRemote<LifeCycles<RemoteProps>>(`${containerName(remote)}/app`);
        if (!module) throw new Error(`SHELL-002: ${remote} exposes no ./app`);
        // `resolved.version` is the version that really loaded (the release plugin may have fallen back).
        report('load', performance.now() - started);
        return guardMount(remote, module, retry, () => report('mount-failure'));
      } catch (error) {
        report('load-failure');
        reportFailure(remote, 'load', error);
        return fallbackLifecycles(retry);
      }
    },
    activeWhen: (location) => matchesRoute(route, location.pathname),
    customProps: { platform, name: remote },
  });
}

/** Registers every remote-owned route of the route table as a single-spa application. */
let registered: Promise<ResolvedRollout> = new Promise(() => undefined);

/** Resolves once the remotes of this page view are registered (widgets wait for it too). */
export function whenRemotesRegistered(): Promise<ResolvedRollout> {
  return registered;
}

export function registerRemoteApps(platform: Platform, ready: Promise<ResolvedRollout>): void {
  registered = ready;
  for (const route of APP_ROUTES) {
    if (route.name === 'home' || getAppNames().includes(route.name)) continue;
    registerRoute(route, platform, ready);
  }
}
