import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RELEASABLE_PARTS } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';

/**
 * SPEC §0 rule 10: the build fails if any part of the front end contains a token-allowance call —
 * the `approve` selector, `permit`, `increaseAllowance` or `setApprovalForAll`.
 */
const FORBIDDEN = [
  /0x095ea7b3/i,
  /\bincreaseAllowance\b/,
  /\bsetApprovalForAll\b/,
  /\bpermit\s*\(/,
  /["'`]permit\(/,
  /\.approve\s*\(/,
  /["'`]approve\(address/,
];

const root = join(import.meta.dirname, '..', '..');
const FRONT_END = [...RELEASABLE_PARTS, 'shared/platform', 'shared/ui', 'shared/contracts'];

function files(dir: string, ext: RegExp): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, ext));
    else if (ext.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

export function findAllowanceCalls(text: string): string[] {
  return FORBIDDEN.filter((re) => re.test(text)).map((re) => re.source);
}

describe('integrity guard: no token allowances in the front end', () => {
  it('detects each forbidden form (the guard can fail)', () => {
    expect(findAllowanceCalls('token.approve(spender, amount)')).not.toEqual([]);
    expect(findAllowanceCalls('data: "0x095ea7b3000000"')).not.toEqual([]);
    expect(findAllowanceCalls('contract.increaseAllowance(a, b)')).not.toEqual([]);
    expect(findAllowanceCalls('nft.setApprovalForAll(op, true)')).not.toEqual([]);
    expect(findAllowanceCalls('await token.permit(owner, spender, value, deadline, v, r, s)')).not.toEqual([]);
    expect(findAllowanceCalls('const total = price * lots;')).toEqual([]);
  });

  it('finds none in the sources of any front-end part', () => {
    const hits: string[] = [];
    for (const part of FRONT_END) {
      for (const file of files(join(root, part, 'src'), /\.(ts|tsx|js|json|html)$/)) {
        const found = findAllowanceCalls(readFileSync(file, 'utf8'));
        if (found.length) hits.push(`${relative(root, file)}: ${found.join(', ')}`);
      }
    }
    expect(hits).toEqual([]);
  });

  it('finds none in the built bundles', () => {
    const bundles = FRONT_END.filter((p) => !p.startsWith('shared/')).flatMap((part) => files(join(root, part, 'dist'), /\.(js|html)$/));
    expect(bundles.length, 'build the parts before this test (npm test does)').toBeGreaterThan(20);
    const hits = bundles.filter((file) => findAllowanceCalls(readFileSync(file, 'utf8')).length > 0).map((f) => relative(root, f));
    expect(hits).toEqual([]);
  });
});
