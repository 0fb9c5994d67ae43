import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OPERATOR_ROLES, SETUP_LINK_HOURS } from '@meridian/contracts';
import type { OperatorRole, OperatorView } from '@meridian/contracts';
import { inviteOperatorBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Button, FormField, formClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { CopyBox } from '../../../shared/components/copy-box.tsx';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import { focusFirstInvalid } from '../../../shared/components/form-helpers.ts';
import { isolate } from '../../../shared/format.ts';
import { validate } from '../../../shared/validate.ts';
import { inviteOperator, operatorsQueryOptions } from '../api/operators-api.ts';

const EMPTY = { email: '', name: '', roles: [] as OperatorRole[] };

/** Invite an operator (admins only): email, name, roles → the one-time set-up link to hand over. */
export function InviteForm() {
  const { t } = useT(NAMESPACE);
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [invited, setInvited] = useState<{ operator: OperatorView; setupLink: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const toggleRole = (role: OperatorRole, on: boolean) =>
    setValues((v) => ({
      ...v,
      roles: on ? OPERATOR_ROLES.filter((r) => r === role || v.roles.includes(r)) : v.roles.filter((r) => r !== role),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validate(inviteOperatorBody, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstInvalid(form);
    setSubmitting(true);
    try {
      setInvited(await inviteOperator(checked.data));
      setValues(EMPTY);
      void queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey });
    } catch (error) {
      setFailure(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (invited) {
    return (
      <div className={adminStyles.stack} data-testid="invite-result">
        <p className={`${adminStyles.note} ${adminStyles.noteOk}`} role="status">
          {t('operators.invited', { name: isolate(invited.operator.name), email: isolate(invited.operator.email) })}
        </p>
        <CopyBox value={invited.setupLink} label={t('operators.setupLink')} testId="setup-link" />
        <p className={`${adminStyles.note} ${adminStyles.noteWarn}`}>{t('operators.linkOnce', { hours: SETUP_LINK_HOURS })}</p>
        <div>
          <Button variant="secondary" onClick={() => setInvited(null)} data-testid="invite-another">
            {t('operators.inviteAnother')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form ref={form} className={adminStyles.stack} onSubmit={(e) => void submit(e)} noValidate data-testid="invite-form">
      <div className={adminStyles.formGrid}>
        <FormField label={t('operators.email')} error={errors.email}>
          {(control) => (
            <input
              {...control}
              className={formClasses.input}
              type="email"
              name="email"
              autoComplete="off"
              dir="ltr"
              value={values.email}
              onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            />
          )}
        </FormField>
        <FormField label={t('operators.name')} error={errors.name}>
          {(control) => (
            <input
              {...control}
              className={formClasses.input}
              name="name"
              autoComplete="off"
              maxLength={80}
              value={values.name}
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            />
          )}
        </FormField>
      </div>
      <fieldset className={adminStyles.fieldset} aria-describedby={errors.roles ? 'invite-roles-error' : undefined}>
        <legend className={adminStyles.legend}>{t('operators.roles')}</legend>
        <div className={adminStyles.checks}>
          {OPERATOR_ROLES.map((role) => (
            <label key={role} className={adminStyles.check}>
              <input
                type="checkbox"
                name="roles"
                value={role}
                checked={values.roles.includes(role)}
                aria-invalid={errors.roles ? true : undefined}
                onChange={(e) => toggleRole(role, e.target.checked)}
                data-testid={`invite-role-${role}`}
              />
              {t(`roles.${role}`)}
            </label>
          ))}
        </div>
        {errors.roles ? (
          <p id="invite-roles-error" className={adminStyles.fieldError}>
            {t('operators.rolesRequired')}
          </p>
        ) : null}
      </fieldset>
      <ErrorMessage error={failure} testId="invite-failure" />
      <div>
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined} data-testid="invite-submit">
          {submitting ? t('operators.inviting') : t('operators.invite')}
        </Button>
      </div>
    </form>
  );
}
