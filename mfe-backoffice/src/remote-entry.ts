import { createRemoteLifecycles } from '@meridian/ui';
import { App } from './app/app.tsx';
import { NAMESPACE, loadNamespace } from './locales/load-namespace.ts';

/** The public surface of mfe-backoffice: its single-spa lifecycles. */
export const { bootstrap, mount, unmount } = createRemoteLifecycles({ namespace: NAMESPACE, loadNamespace, App });
