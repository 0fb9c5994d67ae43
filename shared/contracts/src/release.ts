import { z } from 'zod';
import { V } from './validation-keys.ts';

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

/** One version's telemetry in an environment, as `GET /api/release/status` reports it. */
export const releaseTelemetryRow = z.object({
  remote: z.string(),
  version: z.string(),
  loads: z.number().int().nonnegative(),
  loadFailures: z.number().int().nonnegative(),
  mountFailures: z.number().int().nonnegative(),
  /** (load failures + mount failures) / loads, unweighed. */
  failureRate: z.number(),
  /** Distinct reporting networks that reported a failure. */
  failingNetworks: z.number().int().nonnegative(),
  /** Loads and failures with each network's weight capped (what the rollback policy judges). */
  weighedLoads: z.number().nonnegative(),
  weighedFailures: z.number().nonnegative(),
  avgLoadMs: z.number().nonnegative(),
});
export type ReleaseTelemetryRow = z.infer<typeof releaseTelemetryRow>;

/** `GET /api/release/status?env=`: the rollout document and the telemetry of its versions. */
export const releaseStatus = z.object({ rollout: rolloutDocument, telemetry: z.array(releaseTelemetryRow) });
export type ReleaseStatus = z.infer<typeof releaseStatus>;

/** One revision of an environment's rollout (`GET /api/release/history?env=&remote=`, newest first). */
export const releaseHistoryEntry = z.object({
  revision: z.number().int().nonnegative(),
  actor: z.string(),
  action: z.string(),
  at: z.string(),
  before: rolloutDocument.nullable(),
  after: rolloutDocument,
});
export type ReleaseHistoryEntry = z.infer<typeof releaseHistoryEntry>;
export const releaseHistory = z.array(releaseHistoryEntry);

/** `POST /api/release/canary`: a published version of a part to `weight` % of visitors (message keys of `common`). */
export const releaseCanaryBody = z.object({
  env: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, { error: V.invalid }),
  remote: z.string().min(1, { error: V.invalid }),
  version: z
    .string({ error: V.invalid })
    .trim()
    .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/, { error: V.invalid }),
  weight: z.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(100, { error: V.invalid }),
});
export type ReleaseCanaryBody = z.input<typeof releaseCanaryBody>;
