import { useCallback, useMemo } from 'react';
import { OPERATOR_CODES } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import type { FailureText } from '@meridian/ui/failure-text';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import styles from './admin.module.css';

const OPERATOR_CODE_SET = new Set<string>(Object.values(OPERATOR_CODES));
const VALIDATION_KEY = /^validation\.[a-zA-Z]+$/;
const RELEASE_MESSAGE = /^RELEASE-\d{3}/;

interface FailedCall {
  code?: unknown;
  message?: unknown;
  messageKey?: unknown;
}

/**
 * The translated text of a failed call: the operator API's codes (`errors.<code>` of the back-office
 * namespace), a refused field (`validation.*` of `common`), a release rule (`RELEASE-0xx`, shown with
 * the registry's own words), else the platform's message for the code.
 */
export function useAdminErrorMessage(): (error: unknown) => string {
  const { t } = useT(NAMESPACE);
  return useCallback(
    (error: unknown) => {
      const failed = (error ?? {}) as FailedCall;
      const code = typeof failed.code === 'string' ? failed.code : '';
      const message = typeof failed.message === 'string' ? failed.message : '';
      if (OPERATOR_CODE_SET.has(code)) {
        const text = t(`errors.${code}`);
        return code === OPERATOR_CODES.settingInvalid && VALIDATION_KEY.test(message) ? `${text} ${t(`common:${message}`)}` : text;
      }
      if (RELEASE_MESSAGE.test(message)) return t('errors.release', { message });
      if (code === '401') return t('errors.sessionEnded');
      if (code === '400' && VALIDATION_KEY.test(message)) return t(`common:${message}`);
      const key = typeof failed.messageKey === 'string' ? failed.messageKey : 'errors.unknown';
      return t(`common:${key}`);
    },
    [t],
  );
}

/** The back-office's failure texts for the kit's QueryView and ConfirmDialog (given by the layout). */
export function useAdminFailureText(): FailureText {
  const describe = useAdminErrorMessage();
  return useMemo(() => ({ describe }), [describe]);
}

/** A failed call's translated message, announced (`role="alert"`); nothing when there is no error. */
export function ErrorMessage({ error, testId }: { error: unknown; testId?: string }) {
  const message = useAdminErrorMessage();
  if (error === null || error === undefined) return null;
  return (
    <p className={`${styles.note} ${styles.noteError}`} role="alert" data-testid={testId ?? 'admin-error'}>
      {message(error)}
    </p>
  );
}
