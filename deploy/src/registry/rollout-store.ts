import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rolloutDocument } from '@meridian/contracts/schemas';
import type { RolloutDocument } from '@meridian/contracts';

/**
 * Rollout documents per environment. Each change is a compare-and-set on the revision and is
 * written atomically (temp file + rename), so a reader never sees half a document.
 */
export class RolloutStore {
  constructor(
    readonly dir: string,
    readonly artifactBase = '/artifacts',
  ) {
    mkdirSync(dir, { recursive: true });
  }

  private file(env: string): string {
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(env)) throw new Error(`RELEASE-010: bad environment name ${env}`);
    return join(this.dir, `${env}.json`);
  }

  read(env: string): RolloutDocument {
    const file = this.file(env);
    if (!existsSync(file)) return { env, revision: 0, artifactBase: this.artifactBase, allowOverrides: env !== 'production', remotes: {} };
    return rolloutDocument.parse(JSON.parse(readFileSync(file, 'utf8')));
  }

  /** Applies `change` to the document at `expectedRevision`; a stale revision is refused. */
  update(env: string, expectedRevision: number, change: (doc: RolloutDocument) => void): RolloutDocument {
    const current = this.read(env);
    if (current.revision !== expectedRevision) {
      throw new Error(`RELEASE-011: ${env} is at revision ${current.revision}, not ${expectedRevision}; read it again`);
    }
    const next = structuredClone(current);
    change(next);
    next.revision = current.revision + 1;
    const valid = rolloutDocument.parse(next);
    const file = this.file(env);
    writeFileSync(`${file}.tmp`, JSON.stringify(valid, null, 2));
    renameSync(`${file}.tmp`, file);
    return valid;
  }

  /** Makes `version` the stable version of `remote` (no-op when it already is). */
  setStable(env: string, remote: string, version: string, integrity: string): RolloutDocument {
    const doc = this.read(env);
    if (doc.remotes[remote]?.stable === version) return doc;
    return this.update(env, doc.revision, (d) => {
      const prev = d.remotes[remote];
      d.remotes[remote] = {
        stable: version,
        canary: prev?.canary ?? null,
        integrity: { ...(prev?.integrity ?? {}), [version]: integrity },
      };
    });
  }
}
