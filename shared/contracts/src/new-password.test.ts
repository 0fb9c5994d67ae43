import { describe, expect, it } from 'vitest';
import { V } from './validation-keys.ts';
import { emailField, withNewPassword } from './schemas.ts';

const schema = withNewPassword({ email: emailField });

/** The first message key of each field that fails. */
function problems(values: Record<string, string>): Record<string, string> {
  const parsed = schema.safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

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
