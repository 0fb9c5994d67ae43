import { describe, expect, it } from 'vitest';
import { firstProblems } from '@meridian/contracts/schemas';
import { decisionForm } from './decision-panel.tsx';

/** The first message key of each box that fails. */
const problems = (values: Parameters<typeof decisionForm.safeParse>[0]) => firstProblems(decisionForm, values);

describe('the review decision form', () => {
  it("asks for the decision and the reason in the back-office's own words", () => {
    expect(problems({ decision: '', reasonCode: '', note: '' })).toEqual({
      decision: 'backoffice:queues.review.chooseDecision',
      reasonCode: 'backoffice:queues.review.chooseReason',
    });
  });

  it('checks the note with the API schema', () => {
    expect(Object.keys(problems({ decision: 'approve', reasonCode: 'compensation', note: 'x'.repeat(501) }))).toEqual(['note']);
  });

  it('parses to the call body, a blank note left out', () => {
    expect(decisionForm.parse({ decision: 'reject', reasonCode: 'compensation', note: '  ' })).toEqual({
      decision: 'reject',
      reasonCode: 'compensation',
    });
  });
});
