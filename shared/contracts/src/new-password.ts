import { z } from 'zod';
import { passwordField } from './accounts.ts';
import { V } from './validation-keys.ts';

/** A new password by the server's rules, and a confirmation box that must repeat it (the server's message keys). */
const newPassword = z
  .object({ password: passwordField, confirm: z.string().min(1, { error: V.confirmRequired }) })
  .refine((v) => v.password === v.confirm, { error: V.passwordsDiffer, path: ['confirm'] });

/** The schema of a form that sets a password: the fields of `shape`, then the new password and its confirmation. */
export function withNewPassword<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).and(newPassword);
}
