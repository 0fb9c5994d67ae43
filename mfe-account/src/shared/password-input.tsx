import { forwardRef, useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useT } from '@meridian/platform';
import { formClasses } from '@meridian/ui';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './password-input.module.css';

/** A password box with a show/hide toggle (keyboard reachable, labelled). */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PasswordInput(props, ref) {
  const { t } = useT(NAMESPACE);
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.box}>
      <input {...props} ref={ref} type={visible ? 'text' : 'password'} className={formClasses.input} maxLength={64} />
      <button
        type="button"
        className={styles.toggle}
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('pass.hidePassword') : t('pass.showPassword')}
        aria-pressed={visible}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
});
