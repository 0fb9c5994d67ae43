import { z } from 'zod';

export const semverString = z.string().regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/, 'semver');

export const rolloutRemote = z.object({
  stable: semverString,
  /** The stable version before the last promote, where `rollback` returns to. */
  previous: semverString.nullable().default(null),
  /** Set when the registry rolled the canary back by itself (failure rate over the policy). */
  autoRolledBack: z.object({ version: semverString, at: z.string(), failureRate: z.number() }).nullable().default(null),
  canary: z.object({ version: semverString, weight: z.number().int().min(0).max(100) }).nullable(),
  /** Subresource Integrity of `remoteEntry.js` per version listed above. */
  integrity: z.record(z.string(), z.string()),
});
export type RolloutRemote = z.infer<typeof rolloutRemote>;

/** `rollout.json`: what the shell loads for each remote in one environment. */
export const rolloutDocument = z.object({
  env: z.string(),
  revision: z.number().int().nonnegative(),
  artifactBase: z.string(),
  allowOverrides: z.boolean(),
  remotes: z.record(z.string(), rolloutRemote),
});
export type RolloutDocument = z.infer<typeof rolloutDocument>;
