import { useId, useState } from 'react';
import { z } from 'zod';
import { releaseCanaryBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Button, FormField, Modal, formClasses } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, fieldError } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ChangeList } from '../../../shared/components/change-list.tsx';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import { isolate } from '../../../shared/format.ts';
import { promote, rollback, startCanary } from '../api/releases-api.ts';
import type { RolloutEntry } from './status-table.tsx';

/** What each release dialog acts on: one part in one environment; `onDone` reads the status again. */
interface ReleaseDialogProps {
  env: string;
  remote: string;
  entry: RolloutEntry;
  onClose: () => void;
  onDone: () => Promise<void>;
}

/**
 * The canary form's boxes as typed (the weight as text): each says which rule it broke (the contract's
 * keys only say "not valid"), and parses to the version and the weight of the call.
 */
export const canaryForm = z.object({
  version: z
    .string()
    .trim()
    .refine((version) => releaseCanaryBody.shape.version.safeParse(version).success, { error: 'backoffice:releases.versionInvalid' }),
  weight: z
    .string()
    .trim()
    .refine((weight) => weight !== '' && releaseCanaryBody.shape.weight.safeParse(Number(weight)).success, {
      error: 'backoffice:releases.weightInvalid',
    })
    .transform(Number),
});

/**
 * A canary: a published version of the part to a share of visitors. The form checks the version and
 * the weight (0–100) before asking the registry, which refuses what its rules do not allow (RELEASE-0xx).
 */
export function CanaryDialog({ env, remote, entry, onClose, onDone }: ReleaseDialogProps) {
  const { t } = useT(NAMESPACE);
  // The dialog stays open while the registry answers (the form's own state lives inside the modal).
  const [busy, setBusy] = useState(false);
  const warnId = useId();

  return (
    <Modal title={t('releases.canaryTitle', { remote })} onClose={busy ? undefined : onClose} testId="canary-dialog">
      <Form
        schema={canaryForm}
        defaultValues={{ version: entry.canary?.version ?? '', weight: String(entry.canary?.weight ?? 10) }}
        onSubmit={async (values) => {
          setBusy(true);
          try {
            await startCanary({ env, remote, ...values });
            await onDone();
            onClose();
          } finally {
            setBusy(false);
          }
        }}
        className={adminStyles.stack}
        aria-describedby={warnId}
      >
        {(form, { failure }) => (
          <>
            <p className={adminStyles.plain}>
              {t('releases.currentStable')} <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{entry.stable}</code>
            </p>
            <FormField label={t('releases.version')} error={fieldError(form, 'version')} hint={t('releases.versionHint')}>
              {(control) => (
                <input
                  {...control}
                  {...form.register('version')}
                  className={formClasses.input}
                  dir="ltr"
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="canary-version"
                />
              )}
            </FormField>
            <FormField label={t('releases.weightLabel')} error={fieldError(form, 'weight')} hint={t('releases.weightHint')}>
              {(control) => (
                <input
                  {...control}
                  {...form.register('weight')}
                  className={formClasses.input}
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  inputMode="numeric"
                  dir="ltr"
                  data-testid="canary-weight"
                />
              )}
            </FormField>
            <p id={warnId} className={`${adminStyles.note} ${adminStyles.noteWarn}`}>
              {t('releases.canaryWarning')}
            </p>
            <ErrorMessage error={failure} testId="release-error" />
            <div className={adminStyles.dialogActions}>
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                {t('ui.cancel')}
              </Button>
              <Button type="submit" disabled={busy} aria-busy={busy || undefined} data-testid="canary-submit">
                {busy ? t('ui.working') : t('releases.canaryConfirm')}
              </Button>
            </div>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** Promote: the canary becomes stable for every visitor (force only after an automatic rollback of that version). */
export function PromoteDialog({ env, remote, entry, onClose, onDone }: ReleaseDialogProps) {
  const { t } = useT(NAMESPACE);
  const canary = entry.canary?.version ?? '—';
  const wasRolledBack = entry.autoRolledBack !== null && entry.autoRolledBack.version === entry.canary?.version;
  const [force, setForce] = useState(false);
  return (
    <ConfirmDialog
      confirmTestId="confirm-ok"
      title={t('releases.promoteTitle', { remote })}
      confirmLabel={t('releases.promote')}
      onClose={onClose}
      onConfirm={async () => {
        await promote(env, remote, force);
        await onDone();
      }}
      testId="promote-dialog"
    >
      <ChangeList rows={[{ label: t('releases.stable'), before: entry.stable, after: canary }]} />
      <p className={`${adminStyles.note} ${adminStyles.noteWarn}`}>{t('releases.promoteWarning')}</p>
      {wasRolledBack ? (
        <label className={adminStyles.check}>
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} data-testid="promote-force" />
          {t('releases.force', { version: isolate(canary) })}
        </label>
      ) : null}
    </ConfirmDialog>
  );
}

/** Roll back: drop the canary, or without one return to the previous stable version. */
export function RollbackDialog({ env, remote, entry, onClose, onDone }: ReleaseDialogProps) {
  const { t } = useT(NAMESPACE);
  return (
    <ConfirmDialog
      confirmTestId="confirm-ok"
      title={t('releases.rollbackTitle', { remote })}
      confirmLabel={t('releases.rollback')}
      danger
      onClose={onClose}
      onConfirm={async () => {
        await rollback(env, remote);
        await onDone();
      }}
      testId="rollback-dialog"
    >
      {entry.canary ? (
        <>
          <ChangeList
            rows={[
              {
                label: t('releases.canary'),
                before: `${entry.canary.version} (${t('releases.weight', { weight: entry.canary.weight })})`,
                after: '—',
              },
            ]}
          />
          <p className={`${adminStyles.note} ${adminStyles.noteWarn}`}>{t('releases.rollbackCanary', { stable: isolate(entry.stable) })}</p>
        </>
      ) : (
        <>
          <ChangeList rows={[{ label: t('releases.stable'), before: entry.stable, after: entry.previous ?? '—' }]} />
          <p className={`${adminStyles.note} ${adminStyles.noteWarn}`}>{t('releases.rollbackStable')}</p>
        </>
      )}
    </ConfirmDialog>
  );
}
