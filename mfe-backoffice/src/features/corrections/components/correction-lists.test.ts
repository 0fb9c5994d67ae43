import { describe, expect, it } from 'vitest';
import { correctionDecision } from './correction-lists.tsx';

describe("a correction's decision form", () => {
  it('parses to the call body, the note trimmed and a blank one left out', () => {
    expect(correctionDecision('approve').parse({ reasonCode: 'compensation', note: ' Checked ' })).toEqual({
      decision: 'approve',
      reasonCode: 'compensation',
      note: 'Checked',
    });
    expect(correctionDecision('reject').parse({ reasonCode: 'proposalWrong', note: ' ' })).toEqual({
      decision: 'reject',
      reasonCode: 'proposalWrong',
    });
  });

  it('refuses a decision without a reason', () => {
    const parsed = correctionDecision('approve').safeParse({ reasonCode: '', note: '' });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'))).toEqual(['reasonCode']);
  });
});
