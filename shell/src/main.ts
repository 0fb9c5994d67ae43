import { startEarly } from './federation/rollout.ts';
import { routeFor } from './routes.ts';

// Fetch rollout.json and preload the current remote's entry while the shared modules load.
startEarly((pathname) => routeFor(pathname)?.name);

// The async boundary: shared modules are negotiated by Module Federation before the shell runs.
import('./bootstrap.tsx');
