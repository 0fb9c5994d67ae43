import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getAppNames, registerApplication, triggerAppChange, unregisterApplication } from 'single-spa';
import type { LifeCycles } from 'single-spa';
import { containerName } from '@meridian/contracts';
import type { RemoteName } from '@meridian/contracts';
import type { Platform, RemoteProps } from '@meridian/platform';
import { RemoteFallback, outletElement } from '@meridian/ui';
import { APP_ROUTES, matchesRoute } from '../routes.ts';
import type { AppRoute } from '../routes.ts';
import type { ResolvedRemote } from './rollout.ts';

/** Registers the resolved remote entries with the federation runtime. */
export function registerResolvedRemotes(remotes: ResolvedRemote[]): void {
  registerRemotes(
    remotes.map((r) => ({ name: r.container, alias: r.remote, entry: r.entry, type: 'global' as const })),
    { force: true },
  );
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
function guardMount(remote: string, module: LifeCycles<RemoteProps>, retry: () => void): LifeCycles<RemoteProps> {
  let fallback: LifeCycles<RemoteProps> | null = null;
  return {
    bootstrap: (props) => callAll(module.bootstrap, props),
    mount: async (props) => {
      try {
        await callAll(module.mount, props);
      } catch (error) {
        reportFailure(remote, 'mount', error);
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

function registerRoute(route: AppRoute, platform: Platform, ready: Promise<unknown>): void {
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
      try {
        await ready;
        const module = await loadRemote<LifeCycles<RemoteProps>>(`${containerName(remote)}/app`);
        if (!module) throw new Error(`SHELL-002: ${remote} exposes no ./app`);
        return guardMount(remote, module, retry);
      } catch (error) {
        reportFailure(remote, 'load', error);
        return fallbackLifecycles(retry);
      }
    },
    activeWhen: (location) => matchesRoute(route, location.pathname),
    customProps: { platform, name: remote },
  });
}

/** Registers every remote-owned route of the route table as a single-spa application. */
export function registerRemoteApps(platform: Platform, ready: Promise<unknown>): void {
  for (const route of APP_ROUTES) {
    if (route.name === 'home' || getAppNames().includes(route.name)) continue;
    registerRoute(route, platform, ready);
  }
}
