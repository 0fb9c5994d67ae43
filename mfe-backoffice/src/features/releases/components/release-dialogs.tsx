import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { releaseCanaryBody } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Button, Modal } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ChangeList } from '../../../shared/components/change-list.tsx';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import { InputField } from '../../../shared/components/input-field.tsx';
import { isolate } from '../../../shared/format.ts';
import { validate } from '../../../shared/validate.ts';
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
 * A canary: a published version of the part to a share of visitors. The form checks the version and
 * the weight (0–100) before asking the registry, which refuses what its rules do not allow (RELEASE-0xx).
 */
export function CanaryDialog({ env, remote, entry, onClose, onDone }: ReleaseDialogProps) {
  const { t } = useT(NAMESPACE);
  const [version, setVersion] = useState(entry.canary?.version ?? '');
  const [weight, setWeight] = useState(String(entry.canary?.weight ?? 10));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const warnId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validate(releaseCanaryBody, { env, remote, version, weight: weight.trim() === '' ? Number.NaN : Number(weight) });
    // Say which rule each field broke (the contract's keys only say "not valid").
    setErrors({
      ...(checked.errors?.version ? { version: 'backoffice:releases.versionInvalid' } : {}),
      ...(checked.errors?.weight ? { weight: 'backoffice:releases.weightInvalid' } : {}),
    });
    if (checked.errors) return;
    setBusy(true);
    try {
      await startCanary(checked.data);
      await onDone();
      onClose();
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  return (
    <Modal title={t('releases.canaryTitle', { remote })} onClose={busy ? undefined : onClose} testId="canary-dialog">
      <form className={adminStyles.stack} onSubmit={(e) => void submit(e)} noValidate aria-describedby={warnId}>
        <p className={adminStyles.plain}>
          {t('releases.currentStable')} <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{entry.stable}</code>
        </p>
        <InputField
          label={t('releases.version')}
          error={errors.version}
          hint={t('releases.versionHint')}
          value={version}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          onChange={setVersion}
          data-testid="canary-version"
        />
        <InputField
          label={t('releases.weightLabel')}
          error={errors.weight}
          hint={t('releases.weightHint')}
          type="number"
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          dir="ltr"
          value={weight}
          onChange={setWeight}
          data-testid="canary-weight"
        />
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
      </form>
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
