// The async boundary: shared modules are negotiated by Module Federation before the host runs.
import('./bootstrap.ts');
