export { createWebpackConfig } from './webpack-config.ts';
export type { PartOptions } from './webpack-config.ts';
export { SHARED_SINGLETONS, sharedConfig, requiredRange, packageOf } from './shared-deps.ts';
export type { SharedSingleton, SharedConfigEntry } from './shared-deps.ts';
export { buildParts, inputsHash, isUpToDate, FRONTEND_PARTS, repoRoot } from './build-parts.ts';
