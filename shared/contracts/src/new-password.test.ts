import { describe, expect, it } from 'vitest';
import { V } from './validation-keys.ts';
import { emailField, firstProblems, withNewPassword } from './schemas.ts';

const schema = withNewPassword({ email: emailField });

/** The first message key of each field that fails. */
const problems = (values: Record<string, string>) => firstProblems(schema, values);

describe('withNewPassword (sign-up, reset and settings forms)', () => {
  it('asks for every field of an empty form', () => {
    expect(problems({ email: '', password: '', confirm: '' })).toEqual({
      email: V.emailRequired,
      password: V.passwordRequired,
      confirm: V.confirmRequired,
    });
  });

  it('says a weak password breaks the rules and a different confirmation differs, while other fields fail too', () => {
    expect(problems({ email: '', password: 'abc', confirm: 'abd' })).toMatchObject({
      password: V.passwordRule,
      confirm: V.passwordsDiffer,
    });
  });

  it('parses to the fields of the shape and the new password', () => {
    const values = { email: ' a@b.co ', password: 'good pass 1', confirm: 'good pass 1' };
    expect(schema.parse(values)).toEqual({ email: 'a@b.co', password: 'good pass 1', confirm: 'good pass 1' });
  });
});
