import { useEffect } from 'react';
import type { CharityView } from '@meridian/contracts';
import { charityBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { Form, TextField, useKitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import type { CharityInput } from '../api/nfts-api.ts';
import styles from './settings.module.css';

/** Whether the body is the charity as it is (nothing to audit). */
const unchanged = (charity: CharityView, body: CharityInput) =>
  body.name === charity.name && body.description === charity.description && body.url === charity.url;

/**
 * Adds a charity (`charity` null) or edits one: its name, description and https link, checked with the
 * contract's schema (`charityBody`, as the API checks it) and sent by `onSave` as its body; the same
 * values again are refused (nothing to change). What a charity raised is never typed in: it comes from the ledger.
 */
export function CharityForm({
  charity,
  onSave,
  onCancel,
}: {
  charity: CharityView | null;
  onSave: (body: CharityInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useT(NAMESPACE);
  const form = useKitForm(charityBody, {
    name: charity?.name ?? '',
    description: charity?.description ?? '',
    url: charity?.url ?? '',
  });
  useEffect(() => form.setFocus('name'), [form]);
  const rootError = form.formState.errors.root?.message;
  const title = charity ? t('settings.nfts.charityEditTitle', { name: charity.name }) : t('settings.nfts.charityAddTitle');

  return (
    <Form
      form={form}
      onSubmit={async (body) => {
        if (charity && unchanged(charity, body)) return form.setError('root', { message: 'backoffice:settings.unchanged' });
        await onSave(body);
      }}
      className={`${adminStyles.panel} ${adminStyles.stack}`}
      aria-label={title}
      testId="bo-charity-form"
    >
      {(_, { failure, submitting }) => (
        <>
          <h3 className={styles.formTitle}>{title}</h3>
          <div className={styles.smartFields}>
            <TextField
              form={form}
              name="name"
              label={t('settings.nfts.charityName')}
              maxLength={80}
              autoComplete="off"
              testId="bo-charity-name"
            />
            <TextField
              form={form}
              name="url"
              type="url"
              label={t('settings.nfts.link')}
              hint={t('settings.nfts.linkHint')}
              maxLength={300}
              dir="ltr"
              autoComplete="off"
              placeholder="https://"
              testId="bo-charity-url"
            />
          </div>
          <TextField
            form={form}
            name="description"
            multiline
            rows={3}
            label={t('settings.nfts.description')}
            maxLength={1000}
            testId="bo-charity-description"
          />
          {rootError ? (
            <p className={adminStyles.fieldError} role="alert" data-testid="bo-charity-unchanged">
              {t(rootError)}
            </p>
          ) : null}
          <ErrorMessage error={failure} testId="bo-charity-failure" />
          <div className={adminStyles.cluster}>
            <Button type="submit" disabled={submitting} aria-busy={submitting || undefined} data-testid="bo-charity-save">
              {submitting ? t('ui.working') : charity ? t('settings.nfts.charitySave') : t('settings.nfts.charityAdd')}
            </Button>
            <Button variant="secondary" onClick={onCancel} data-testid="bo-charity-cancel">
              {t('ui.cancel')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
