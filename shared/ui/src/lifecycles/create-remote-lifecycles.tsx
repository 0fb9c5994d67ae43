import { Component, startTransition } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PLATFORM_CONTRACT_VERSION, queryClient, registerNamespace } from '@meridian/platform';
import type { NamespaceLoader, RemoteProps } from '@meridian/platform';
import { RemoteFallback } from '../components/states.tsx';

/**
 * A React root whose renders are transitions: React renders a part's tree in slices of a few
 * milliseconds and lets the browser handle input in between, instead of one long task on mount.
 */
export function createTransitionRoot(container: Element | DocumentFragment): Root {
  const root = createRoot(container);
  return {
    render: (children) => startTransition(() => root.render(children)),
    unmount: () => root.unmount(),
  };
}

const transitionClient = { createRoot: createTransitionRoot };

/** Contract versions of the platform object this build of @meridian/ui can serve a remote with. */
export const SUPPORTED_CONTRACT_VERSIONS = [PLATFORM_CONTRACT_VERSION];

export interface RemoteLifecycleOptions {
  /** The remote's translation namespace and its per-language loader. */
  namespace: string;
  loadNamespace: NamespaceLoader;
  App: ComponentType<RemoteProps>;
}

/** The element a remote mounts into: its own box inside the shell's outlet. */
export function outletElement(name: string): HTMLElement {
  const outlet = document.getElementById('outlet') ?? document.body;
  const id = `app-${name}`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    el.dataset.remote = name;
    outlet.appendChild(el);
  }
  return el;
}

class RemoteErrorBoundary extends Component<RemoteProps & { children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    window.dispatchEvent(
      new CustomEvent('meridian:remote-error', {
        detail: { name: this.props.name, phase: 'render', message: error.message, stack: info.componentStack },
      }),
    );
  }

  override render() {
    if (this.state.failed) return <RemoteFallback onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}

/** single-spa lifecycles for a remote: React 19 root in the outlet, its namespace loaded, errors contained. */
export function createRemoteLifecycles({ namespace, loadNamespace, App }: RemoteLifecycleOptions) {
  function Root(props: RemoteProps) {
    return (
      <RemoteErrorBoundary {...props}>
        <QueryClientProvider client={queryClient}>
          <App {...props} />
        </QueryClientProvider>
      </RemoteErrorBoundary>
    );
  }
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    // single-spa-react asks this client for the root of each mount; every render of it is a transition.
    ReactDOMClient: transitionClient as never,
    renderType: 'createRoot',
    // Root already wraps the app in RemoteErrorBoundary (componentDidCatch + fallback with Retry).
    suppressComponentDidCatchWarning: true,
    loadRootComponent: async (props) => {
      const version = props?.platform?.contractVersion;
      if (version !== undefined && !SUPPORTED_CONTRACT_VERSIONS.includes(version)) {
        throw new Error(`UI-001: platform contract ${version} is not supported by this remote`);
      }
      await registerNamespace(namespace, loadNamespace);
      // single-spa-react types the root's props as optional; the shell always passes them.
      return Root as never;
    },
    domElementGetter: (props) => outletElement(props.name),
  });
  return lifecycles;
}
