import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ParamKey } from '@meridian/contracts';
import { SETTING_RULES } from '@meridian/contracts/schemas';
import { useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ChangeList } from '../../../shared/components/change-list.tsx';
import { dateTimeOrDash } from '../../../shared/format.ts';
import { validate } from '../../../shared/validate.ts';
import type { SettingRow } from '../api/settings-api.ts';
import { settingsQueryOptions, updateSetting } from '../api/settings-api.ts';
import { authAddresses, settingText, settingUnit } from './setting-value.ts';
import styles from './settings.module.css';

/**
 * The platform settings: each with its human name, what it does, its value and when it last
 * changed. Admins edit one at a time: the setting's own rule is checked here as on the server, then
 * a confirmation shows before → after (it applies to everyone at once).
 */
export function SettingsTable({
  settings,
  editable,
  onSaved,
}: {
  settings: SettingRow[];
  editable: boolean;
  onSaved: (text: string) => void;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ParamKey | null>(null);
  const [confirming, setConfirming] = useState<{ setting: SettingRow; value: string } | null>(null);
  // When a row leaves editing (saved or cancelled), focus returns to its Edit button.
  const lastEdited = useRef<ParamKey | null>(null);
  useEffect(() => {
    if (editing !== null) lastEdited.current = editing;
    else if (lastEdited.current !== null) document.getElementById(`edit-setting-${lastEdited.current}`)?.focus();
  }, [editing]);
  const stopEditing = () => setEditing(null);
  const confirmName = confirming ? t(`settings.keys.${confirming.setting.key}.name`) : '';
  return (
    <>
      <div className={adminStyles.tableWrap} tabIndex={0} role="region" aria-labelledby="settings-platform">
        <table className={`${adminStyles.table} ${styles.settingsTable}`} data-testid="settings-table">
          <thead>
            <tr>
              <th scope="col">{t('settings.setting')}</th>
              <th scope="col">{t('settings.value')}</th>
              <th scope="col">{t('settings.updated')}</th>
              {editable ? (
                <th scope="col">
                  <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {settings.map((setting) => (
              <SettingTableRow
                key={setting.key}
                setting={setting}
                editable={editable}
                editing={editing === setting.key}
                onEdit={() => setEditing(setting.key)}
                onCancel={() => stopEditing()}
                onReview={(value) => setConfirming({ setting, value })}
              />
            ))}
          </tbody>
        </table>
      </div>
      {confirming ? (
        <ConfirmDialog
          confirmTestId="confirm-ok"
          title={t('settings.confirmTitle', { name: confirmName })}
          confirmLabel={t('settings.confirmApply')}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            const { setting, value } = confirming;
            await updateSetting(setting.key, value);
            await queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey });
            stopEditing();
            onSaved(t('settings.saved', { name: confirmName }));
          }}
          testId="setting-confirm"
        >
          <ChangeList
            rows={[
              {
                label: confirmName,
                before: settingText(confirming.setting.key, confirming.setting.value, lang),
                after: settingText(confirming.setting.key, confirming.value, lang),
              },
            ]}
          />
          <p className={`${adminStyles.note} ${adminStyles.noteWarn}`}>{t('settings.appliesToEveryone')}</p>
          {confirming.setting.userFacing ? <p className={adminStyles.note}>{t('settings.noticeWillPublish')}</p> : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function SettingTableRow({
  setting,
  editable,
  editing,
  onEdit,
  onCancel,
  onReview,
}: {
  setting: SettingRow;
  editable: boolean;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onReview: (value: string) => void;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { key } = setting;
  const name = t(`settings.keys.${key}.name`);
  const [draft, setDraft] = useState(setting.value);
  const [error, setError] = useState<string | null>(null);
  const inputId = `setting-input-${key}`;
  const unit = settingUnit(key);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(SETTING_RULES[key], draft.trim());
    if (checked.errors) return setError(checked.errors._ ?? 'validation.invalid');
    const value = key === 'auth_address' ? JSON.stringify(JSON.parse(checked.data)) : checked.data;
    if (value === setting.value) return setError('backoffice:settings.unchanged');
    setError(null);
    onReview(value);
  };

  return (
    <tr data-testid={`setting-${key}`} data-key={key}>
      <th scope="row" className={styles.nameCell}>
        <span className={styles.settingName}>{name}</span>
        <span className={styles.description}>{t(`settings.keys.${key}.description`)}</span>
        <span className={styles.meta}>
          <code className={`${adminStyles.mono} ${adminStyles.muted}`}>{key}</code>
          {setting.userFacing ? (
            <span
              className={`${adminStyles.badge} ${adminStyles.badgeWarn}`}
              title={t('settings.userFacingHint')}
              data-testid="user-facing"
            >
              {t('settings.userFacing')}
            </span>
          ) : null}
        </span>
        {/* Beside the name, where a narrow screen shows it whole (the value column scrolls). */}
        {setting.development ? (
          <span className={`${adminStyles.note} ${adminStyles.noteWarn} ${styles.devNote}`} role="note" data-testid="development-address">
            {t('settings.developmentAddress')}
          </span>
        ) : null}
      </th>
      <td className={styles.valueCell}>
        {editing ? (
          <form className={styles.editForm} onSubmit={review} noValidate data-testid="setting-edit-form">
            <label htmlFor={inputId} className={adminStyles.visuallyHidden}>
              {t('settings.newValueFor', { name, key })}
            </label>
            <div className={styles.editRow}>
              {key === 'auth_address' ? (
                <textarea
                  id={inputId}
                  className={`${adminStyles.input} ${adminStyles.mono} ${styles.textarea}`}
                  value={draft}
                  dir="ltr"
                  rows={4}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(e) => setDraft(e.target.value)}
                  autoFocus
                />
              ) : (
                <input
                  id={inputId}
                  className={`${adminStyles.input} ${styles.valueInput}`}
                  value={draft}
                  dir="ltr"
                  inputMode="decimal"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(e) => setDraft(e.target.value)}
                  data-testid="setting-input"
                  autoFocus
                />
              )}
              {unit ? <span className={adminStyles.muted}>{unit}</span> : null}
            </div>
            {error ? (
              <p id={`${inputId}-error`} className={adminStyles.fieldError} role="alert">
                {t(error.includes(':') ? error : `common:${error}`)}
              </p>
            ) : null}
            <div className={styles.editActions}>
              <Button type="submit" data-testid="setting-save">
                {t('ui.review')}
              </Button>
              <Button variant="secondary" className={adminStyles.compact} onClick={onCancel} data-testid="setting-cancel">
                {t('ui.cancel')}
              </Button>
            </div>
          </form>
        ) : key === 'auth_address' ? (
          <ul className={styles.addresses}>
            {authAddresses(setting.value).map(([chain, address]) => (
              <li key={chain}>
                <span className={adminStyles.chip}>{chain}</span>{' '}
                <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{address}</code>
              </li>
            ))}
          </ul>
        ) : (
          <span className={styles.value} data-testid="setting-value">
            {settingText(key, setting.value, lang)}
          </span>
        )}
      </td>
      <td className={`${adminStyles.nowrap} ${adminStyles.small}`}>{dateTimeOrDash(setting.updatedAt, lang)}</td>
      {editable ? (
        <td>
          {!editing ? (
            <div className={adminStyles.rowActions}>
              <Button
                variant="secondary"
                className={adminStyles.compact}
                onClick={() => {
                  setDraft(setting.value);
                  setError(null);
                  onEdit();
                }}
                aria-label={t('settings.editNamed', { name, key })}
                id={`edit-setting-${key}`}
                data-testid={`edit-setting-${key}`}
              >
                {t('ui.edit')}
              </Button>
            </div>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
