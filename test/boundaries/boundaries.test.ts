import { describe, expect, it } from 'vitest';
import { allMessages, ruleMessages } from '../lint/lint-messages.ts';

const restrictedImportMessages = ruleMessages('no-restricted-imports');
const restrictedImports = async (filePath: string, code: string): Promise<number> =>
  (await restrictedImportMessages(filePath, code)).length;

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

describe('the API route zone (routes are thin: no Drizzle, no db/schema)', () => {
  it('refuses a route file importing drizzle-orm or the schema, however the path is written', async () => {
    for (const code of [
      "import { eq } from 'drizzle-orm';\nvoid eq;\n",
      "import { users } from '../../db/schema.ts';\nvoid users;\n",
      "import { ledgerAccounts } from '../../db/schema/money.ts';\nvoid ledgerAccounts;\n",
    ]) {
      expect(await restrictedImports('api/src/routes/user/x-routes.ts', code)).toBe(1);
    }
  });

  it('still applies the API boundary to route files, and leaves the domain folders free to query', async () => {
    expect(
      await restrictedImports('api/src/routes/user/x-routes.ts', "import { App } from '../../../../shell/src/app.tsx';\nvoid App;\n"),
    ).toBe(1);
    expect(
      await restrictedImports(
        'api/src/accounts/x.ts',
        "import { eq } from 'drizzle-orm';\nimport { users } from '../db/schema.ts';\nvoid eq;\nvoid users;\n",
      ),
    ).toBe(0);
    expect(
      await restrictedImports(
        'api/src/routes/user/x-routes.ts',
        "import { findUserById } from '../../accounts/users.ts';\nvoid findUserById;\n",
      ),
    ).toBe(0);
  });
});

const featureBoundaries = ruleMessages('meridian/feature-boundaries');

describe('feature boundaries inside a remote (shared → features → app)', () => {
  it('refuses a feature importing another feature, however the path is written', async () => {
    for (const [file, code] of [
      [
        'mfe-help/src/features/help-centre/components/x.tsx',
        "import { FaqList } from '../../faq/components/faq-list.tsx';\nvoid FaqList;\n",
      ],
      ['mfe-account/src/features/settings/x.tsx', "import { useAccount } from '../profile/use-account.ts';\nvoid useAccount;\n"],
      ['mfe-loans/src/features/apply/x.ts', "import { y } from '../../features/repay/y.ts';\nvoid y;\n"],
      ['mfe-trading/src/features/orders/hooks/x.ts', "export { y } from '../../positions/y.ts';\n"],
      ['mfe-nfts/src/features/mint/x.ts', "void import('../gallery/y.ts');\n"],
    ] as const) {
      expect(await featureBoundaries(file, code), file).toEqual([expect.stringMatching(/may not import feature/)]);
    }
  });

  it("refuses a feature importing the remote's app/", async () => {
    expect(
      await featureBoundaries(
        'mfe-help/src/features/faq/components/x.tsx',
        "import { HelpLayout } from '../../../app/help-layout.tsx';\nvoid HelpLayout;\n",
      ),
    ).toEqual([expect.stringMatching(/may not import src\/app/)]);
    expect(
      await featureBoundaries(
        'mfe-account/src/features/login/x.tsx',
        "import { usePlatform } from '../../app/platform-context.tsx';\nvoid usePlatform;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses src/shared/ reaching up into features or app/', async () => {
    expect(
      await featureBoundaries(
        'mfe-account/src/shared/x.ts',
        "import { LoginPage } from '../features/login/login-page.tsx';\nvoid LoginPage;\n",
      ),
    ).toHaveLength(1);
    expect(await featureBoundaries('mfe-account/src/shared/x.ts', "import { App } from '../app/app.tsx';\nvoid App;\n")).toHaveLength(1);
  });

  it('allows src/shared/, the feature itself, the rest of the remote and packages; app/ may compose features', async () => {
    expect(
      await featureBoundaries(
        'mfe-help/src/features/faq/components/x.tsx',
        [
          "import { HelpLayout } from '../../../shared/components/help-layout.tsx';",
          "import { getFaq } from '../api/get-faq.ts';",
          "import { FaqList } from './faq-list.tsx';",
          "import { NAMESPACE } from '../../../locales/load-namespace.ts';",
          "import { useT } from '@meridian/platform';",
          'void [HelpLayout, getFaq, FaqList, NAMESPACE, useT];',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await featureBoundaries(
        'mfe-account/src/app/app.tsx',
        "import { LoginPage } from '../features/login/login-page.tsx';\nvoid LoginPage;\n",
      ),
    ).toEqual([]);
    expect(
      await featureBoundaries('mfe-account/src/shared/x.ts', "import { accountApi } from '../api/account-api.ts';\nvoid accountApi;\n"),
    ).toEqual([]);
  });
});

describe('query keys come from key factories', () => {
  const restrictedSyntax = ruleMessages('no-restricted-syntax');
  const literalKeys = async (filePath: string, code: string) =>
    (await restrictedSyntax(filePath, code)).filter((m) => /key factory/.test(m)).length;

  it('refuses a literal query key in a remote or the shell, and allows one from a factory or in a test', async () => {
    const literal =
      "import { useQuery } from '@tanstack/react-query';\nexport const q = () => useQuery({ queryKey: ['help', 'faq'], queryFn: () => 1 });\n";
    const factory =
      "import { useQuery } from '@tanstack/react-query';\nimport { helpKeys } from './keys.ts';\nexport const q = () => useQuery({ queryKey: helpKeys.faq(1), queryFn: () => 1 });\n";
    expect(await literalKeys('mfe-help/src/features/faq/api/x.ts', literal)).toBe(1);
    expect(await literalKeys('shell/src/x.ts', literal.replace('queryKey', 'mutationKey'))).toBe(1);
    expect(await literalKeys('mfe-help/src/features/faq/api/x.ts', factory)).toBe(0);
    expect(await literalKeys('mfe-help/src/features/faq/api/x.test.ts', literal)).toBe(0);
  });

  it('still refuses allowance calls where it refuses literal keys', async () => {
    const messages = await allMessages('mfe-markets/src/x.ts', 'declare const token: { approve(a: string): void };\ntoken.approve("x");\n');
    expect(messages.some((m) => /allowance/i.test(m))).toBe(true);
  });
});
