import { describe, expect, it } from 'vitest';
import { firstProblems } from '@meridian/contracts/schemas';
import { proposalForm } from './propose-form.tsx';

const USER = '0b6f3c1e-2f4a-4c8e-9d1b-5a7e3f2c1d0a';

/** The first message key of each box that fails. */
const problems = (values: Parameters<typeof proposalForm.safeParse>[0]) => firstProblems(proposalForm, values);

describe('the correction proposal form', () => {
  it("asks for every box of an empty form, the choices in the back-office's own words", () => {
    expect(problems({ userId: '', mode: '', direction: '', amount: '', reasonCode: '', note: '' })).toMatchObject({
      userId: 'validation.invalid',
      mode: 'backoffice:corrections.chooseMode',
      direction: 'backoffice:corrections.chooseDirection',
      reasonCode: 'backoffice:queues.review.chooseReason',
      note: 'validation.enterMessage',
    });
  });

  it('parses to the call body, the user id trimmed', () => {
    const values = {
      userId: ` ${USER} `,
      mode: 'real',
      direction: 'credit',
      amount: '12.5',
      reasonCode: 'compensation',
      note: 'Outage',
    } as const;
    expect(proposalForm.parse(values)).toMatchObject({
      userId: USER,
      mode: 'real',
      direction: 'credit',
      reasonCode: 'compensation',
      note: 'Outage',
    });
  });
});
