import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASABLE_PARTS } from '@meridian/contracts';
import { semverString } from '@meridian/contracts/schemas';
import type { ReleasablePart } from '@meridian/contracts';

/** What `publish` records beside each immutable version. */
export interface ReleaseRecord {
  remote: string;
  version: string;
  /** Subresource Integrity of `remoteEntry.js`. */
  integrity: string;
  publishedAt: string;
}

const RECORD = '.meridian-release.json';

export function isReleasablePart(value: string): value is ReleasablePart {
  return (RELEASABLE_PARTS as readonly string[]).includes(value);
}

/** The file a build is entered through: the shell's page, or a remote's container entry. */
export function entryFileOf(part: string): string {
  return part === 'shell' ? 'index.html' : 'remoteEntry.js';
}

export function sriOf(file: string): string {
  return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
}

/** Immutable artifact storage: `<root>/<remote>/<version>/…`, one folder per published version. */
export class ArtifactStore {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  versionDir(remote: string, version: string): string {
    return join(this.root, remote, version);
  }

  has(remote: string, version: string): boolean {
    return existsSync(join(this.versionDir(remote, version), RECORD));
  }

  record(remote: string, version: string): ReleaseRecord | null {
    const file = join(this.versionDir(remote, version), RECORD);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReleaseRecord) : null;
  }

  versions(remote: string): string[] {
    const dir = join(this.root, remote);
    return existsSync(dir) ? readdirSync(dir).filter((v) => this.has(remote, v)) : [];
  }

  /** Stores a build as a new immutable version; an existing version is refused. */
  publish(remote: string, version: string, distDir: string): ReleaseRecord {
    if (!isReleasablePart(remote)) throw new Error(`RELEASE-001: unknown remote ${remote}`);
    if (!semverString.safeParse(version).success) throw new Error(`RELEASE-002: ${version} is not a semver version`);
    if (this.has(remote, version)) throw new Error(`RELEASE-003: ${remote}@${version} is already published; versions are immutable`);
    const entry = join(distDir, entryFileOf(remote));
    if (!existsSync(entry)) throw new Error(`RELEASE-004: ${distDir} has no ${entryFileOf(remote)} (build ${remote} first)`);
    const target = this.versionDir(remote, version);
    mkdirSync(target, { recursive: true });
    cpSync(distDir, target, { recursive: true, filter: (src) => !src.endsWith('.inputs-hash') });
    const record: ReleaseRecord = { remote, version, integrity: sriOf(entry), publishedAt: new Date().toISOString() };
    writeFileSync(join(target, RECORD), JSON.stringify(record, null, 2));
    return record;
  }
}
