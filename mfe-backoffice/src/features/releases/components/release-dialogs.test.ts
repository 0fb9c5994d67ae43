import { describe, expect, it } from 'vitest';
import { firstProblems } from '@meridian/contracts/schemas';
import { canaryForm } from './release-dialogs.tsx';

/** The first message key of each box that fails. */
const problems = (values: { version: string; weight: string }) => firstProblems(canaryForm, values);

describe('the canary form', () => {
  it('parses the typed weight to a number and trims the version', () => {
    expect(canaryForm.parse({ version: ' 1.2.3 ', weight: ' 30 ' })).toEqual({ version: '1.2.3', weight: 30 });
    expect(canaryForm.parse({ version: '2.0.0-rc.1', weight: '0' })).toEqual({ version: '2.0.0-rc.1', weight: 0 });
  });

  it("says which rule each box broke, in the back-office's own words", () => {
    const both = { version: 'backoffice:releases.versionInvalid', weight: 'backoffice:releases.weightInvalid' };
    expect(problems({ version: '', weight: '' })).toEqual(both);
    expect(problems({ version: '1.2', weight: '101' })).toEqual(both);
    expect(problems({ version: 'v1.2.3', weight: '2.5' })).toEqual(both);
    expect(problems({ version: '1.2.3', weight: '-1' })).toEqual({ weight: both.weight });
  });
});
