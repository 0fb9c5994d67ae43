import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OPERATOR_ROLES, SETUP_LINK_HOURS } from '@meridian/contracts';
import type { OperatorView } from '@meridian/contracts';
import { inviteOperatorBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { Form, TextField, fieldError } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { CopyBox } from '../../../shared/components/copy-box.tsx';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import { isolate } from '../../../shared/format.ts';
import { inviteOperator, operatorsQueryOptions } from '../api/operators-api.ts';

/** Invite an operator (admins only): email, name, roles → the one-time set-up link to hand over. */
export function InviteForm() {
  const { t } = useT(NAMESPACE);
  const queryClient = useQueryClient();
  const [invited, setInvited] = useState<{ operator: OperatorView; setupLink: string } | null>(null);

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
    <Form
      schema={inviteOperatorBody}
      defaultValues={{ email: '', name: '', roles: [] }}
      onSubmit={async (values, form) => {
        setInvited(await inviteOperator(values));
        form.reset();
        void queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey });
      }}
      className={adminStyles.stack}
      testId="invite-form"
    >
      {(form, { failure, submitting }) => {
        const rolesInvalid = fieldError(form, 'roles') !== undefined;
        return (
          <>
            <div className={adminStyles.autoGrid}>
              <TextField form={form} name="email" label={t('operators.email')} type="email" autoComplete="off" dir="ltr" />
              <TextField form={form} name="name" label={t('operators.name')} autoComplete="off" maxLength={80} />
            </div>
            <fieldset className={adminStyles.fieldset} aria-describedby={rolesInvalid ? 'invite-roles-error' : undefined}>
              <legend className={adminStyles.legend}>{t('operators.roles')}</legend>
              <div className={adminStyles.checks}>
                {OPERATOR_ROLES.map((role) => (
                  <label key={role} className={adminStyles.check}>
                    <input
                      type="checkbox"
                      value={role}
                      aria-invalid={rolesInvalid || undefined}
                      {...form.register('roles')}
                      data-testid={`invite-role-${role}`}
                    />
                    {t(`roles.${role}`)}
                  </label>
                ))}
              </div>
              {rolesInvalid ? (
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
          </>
        );
      }}
    </Form>
  );
}
