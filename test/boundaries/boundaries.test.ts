import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe("boundary rules (no part imports another part's src/)", () => {
  it('refuses a remote importing another remote', async () => {
    expect(
      await restrictedImports('mfe-loans/src/x.ts', "import { App } from '../../mfe-markets/src/app/app.tsx';\nvoid App;\n"),
    ).toBeGreaterThan(0);
    expect(await restrictedImports('mfe-loans/src/x.ts', "import { App } from 'mfe-markets';\nvoid App;\n")).toBeGreaterThan(0);
  });

  it('refuses deep imports into shared packages and the shell reaching into the API', async () => {
    expect(
      await restrictedImports('mfe-help/src/x.ts', "import { i18n } from '@meridian/platform/src/i18n/i18n.ts';\nvoid i18n;\n"),
    ).toBeGreaterThan(0);
    expect(await restrictedImports('shell/src/x.ts', "import { buildApi } from '../../api/src/app.ts';\nvoid buildApi;\n")).toBeGreaterThan(
      0,
    );
  });

  it('refuses a shared package importing a part', async () => {
    expect(
      await restrictedImports('shared/ui/src/x.ts', "import { routeFor } from '../../../shell/src/routes.ts';\nvoid routeFor;\n"),
    ).toBeGreaterThan(0);
  });

  it("allows package entries and a part's own files", async () => {
    expect(
      await restrictedImports(
        'mfe-loans/src/x.ts',
        "import { i18n } from '@meridian/platform';\nimport { App } from './app/app.tsx';\nvoid i18n;\nvoid App;\n",
      ),
    ).toBe(0);
  });
});
