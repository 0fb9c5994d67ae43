import { useState } from 'react';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import styles from './admin.module.css';

/** A value to hand over (a set-up link, a secret): shown in full, selectable, with a Copy button. */
export function CopyBox({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useT(NAMESPACE);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={styles.copyBox}>
      <code data-testid={testId} aria-label={label}>
        {value}
      </code>
      <Button variant="secondary" onClick={() => void copy()} data-testid={`${testId}-copy`}>
        {state === 'copied' ? t('ui.copied') : t('ui.copy')}
      </Button>
      <span role="status" className={styles.visuallyHidden}>
        {state === 'copied' ? t('ui.copied') : state === 'failed' ? t('ui.copyFailed') : ''}
      </span>
    </div>
  );
}
