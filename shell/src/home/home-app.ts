import { createRemoteLifecycles } from '@meridian/ui';
import { loadShellNamespace } from '../locales/load-shell.ts';
import { HomePage } from './home-page.tsx';

/** The shell's own single-spa application for `/` and `/home`. */
export const homeApp = createRemoteLifecycles({ namespace: 'shell', loadNamespace: loadShellNamespace, App: HomePage });
