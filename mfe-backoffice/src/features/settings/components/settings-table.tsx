import { useState } from 'react';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { isAddressMapSetting } from '@meridian/contracts';
import type { ParamKey } from '@meridian/contracts';
import { SETTING_RULES } from '@meridian/contracts/schemas';
import { useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, fieldError } from '@meridian/ui/form';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ChangeList } from '../../../shared/components/change-list.tsx';
import { dateTimeOrDash } from '../../../shared/format.ts';
import type { SettingRow } from '../api/settings-api.ts';
import { settingsQueryOptions, updateSetting } from '../api/settings-api.ts';
import { useRowEditing } from '../hooks/use-row-editing.ts';
import type { EditingTableProps } from '../hooks/use-row-editing.ts';
import { authAddresses, settingText, settingUnit } from './setting-value.ts';
import styles from './settings.module.css';

const editButtonId = (key: ParamKey) => `edit-setting-${key}`;

/**
 * A setting's edit form: the value as typed, trimmed and checked with the setting's own rule (as on
 * the server), parsed to the value to send (the addresses normalised); the same value is refused.
 */
export function settingForm(setting: Pick<SettingRow, 'key' | 'value'>) {
  return z.object({ value: z.string() }).transform((form, ctx) => {
    const parsed = SETTING_RULES[setting.key].safeParse(form.value.trim());
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['value'], message, input: form });
      return z.NEVER;
    };
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'validation.invalid');
    const value = isAddressMapSetting(setting.key) ? JSON.stringify(JSON.parse(parsed.data)) : parsed.data;
    return value === setting.value ? fail('backoffice:settings.unchanged') : value;
  });
}

/**
 * The platform settings: each with its human name, what it does, its value and when it last
 * changed. Admins edit one at a time: the setting's own rule is checked here as on the server, then
 * a confirmation shows before → after (it applies to everyone at once).
 */
export function SettingsTable({ settings, editable, onSaved }: EditingTableProps & { settings: SettingRow[] }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useRowEditing(editButtonId);
  const [confirming, setConfirming] = useState<{ setting: SettingRow; value: string } | null>(null);
  const stopEditing = () => setEditing(null);
  const nameOf = (key: ParamKey) => t(`settings.keys.${key}.name`);
  const confirmName = confirming ? nameOf(confirming.setting.key) : '';

  /** The value being edited: its input (a textarea for the addresses), its unit, its error, Review and Cancel. */
  const editForm = (setting: SettingRow) => {
    const { key } = setting;
    const inputId = `setting-input-${key}`;
    const unit = settingUnit(key);
    return (
      <Form
        schema={settingForm(setting)}
        defaultValues={{ value: setting.value }}
        onSubmit={(value) => setConfirming({ setting, value })}
        className={adminStyles.stackTight}
        testId="setting-edit-form"
      >
        {(form) => {
          const error = fieldError(form, 'value');
          const control = {
            ...form.register('value'),
            id: inputId,
            dir: 'ltr',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${inputId}-error` : undefined,
            autoFocus: true,
          } as const;
          return (
            <>
              <label htmlFor={inputId} className={adminStyles.visuallyHidden}>
                {t('settings.newValueFor', { name: nameOf(key), key })}
              </label>
              <div className={styles.editRow}>
                {isAddressMapSetting(key) ? (
                  <textarea {...control} className={`${adminStyles.input} ${adminStyles.mono} ${styles.textarea}`} rows={4} />
                ) : (
                  <input
                    {...control}
                    className={`${adminStyles.input} ${styles.valueInput}`}
                    inputMode="decimal"
                    data-testid="setting-input"
                  />
                )}
                {unit ? <span className={adminStyles.muted}>{unit}</span> : null}
              </div>
              {error ? (
                <p id={`${inputId}-error`} className={adminStyles.fieldError} role="alert">
                  {t(error.includes(':') ? error : `common:${error}`)}
                </p>
              ) : null}
              <div className={adminStyles.cluster}>
                <Button type="submit" data-testid="setting-save">
                  {t('ui.review')}
                </Button>
                <Button variant="secondary" className={adminStyles.compact} onClick={stopEditing} data-testid="setting-cancel">
                  {t('ui.cancel')}
                </Button>
              </div>
            </>
          );
        }}
      </Form>
    );
  };

  const columns: DataColumn<SettingRow>[] = [
    {
      id: 'setting',
      header: t('settings.setting'),
      rowHeader: true,
      className: styles.nameCell,
      cell: (setting) => (
        <>
          <span className={styles.settingName}>{nameOf(setting.key)}</span>
          <span className={styles.description}>{t(`settings.keys.${setting.key}.description`)}</span>
          <span className={adminStyles.cluster}>
            <code className={`${adminStyles.mono} ${adminStyles.muted}`}>{setting.key}</code>
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
              {t(setting.key === 'deposit_address' ? 'settings.developmentDepositAddress' : 'settings.developmentAddress')}
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'value',
      header: t('settings.value'),
      className: styles.valueCell,
      cell: (setting) =>
        editing === setting.key ? (
          editForm(setting)
        ) : isAddressMapSetting(setting.key) ? (
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
            {settingText(setting.key, setting.value, lang)}
          </span>
        ),
    },
    {
      id: 'updated',
      header: t('settings.updated'),
      className: `${adminStyles.nowrap} ${adminStyles.small}`,
      cell: (setting) => dateTimeOrDash(setting.updatedAt, lang),
    },
    ...(editable
      ? [
          {
            id: 'actions',
            header: <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>,
            cell: ({ key }: SettingRow) =>
              editing !== key ? (
                <div className={adminStyles.rowActions}>
                  <Button
                    variant="secondary"
                    className={adminStyles.compact}
                    onClick={() => setEditing(key)}
                    aria-label={t('settings.editNamed', { name: nameOf(key), key })}
                    id={editButtonId(key)}
                    data-testid={editButtonId(key)}
                  >
                    {t('ui.edit')}
                  </Button>
                </div>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <div className={styles.settingsTable}>
        <DataTable
          columns={columns}
          rows={settings}
          rowKey={(setting) => setting.key}
          caption={t('settings.platformTitle')}
          testId="settings-table"
          rowAttributes={(setting) => ({ 'data-testid': `setting-${setting.key}`, 'data-key': setting.key })}
        />
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
