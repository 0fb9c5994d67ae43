export { ArtifactStore, isReleasablePart, entryFileOf, sriOf } from './registry/artifact-store.ts';
export type { ReleaseRecord } from './registry/artifact-store.ts';
export { RolloutStore } from './registry/rollout-store.ts';
export { buildSiteServer } from './server/site-server.ts';
export type { SiteServerOptions } from './server/site-server.ts';
