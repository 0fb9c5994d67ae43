import { useId, useState } from 'react';
import { useT } from '@meridian/platform';
import { Button, formClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { pickImage } from './prepare-image.ts';
import type { PreparedImage } from './prepare-image.ts';

/** Optional image: checked by content and reduced to the upload limit as soon as it is picked. */
export function ImageField({ value, onChange }: { value: PreparedImage | null; onChange: (image: PreparedImage | null) => void }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div className={formClasses.field}>
      <label className={formClasses.label} htmlFor={id}>
        {t('kf.image')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/jp2,.jp2,.j2k"
        data-testid="kf-image"
        disabled={busy}
        onChange={async (event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return onChange(null);
          await pickImage(file, setBusy, onChange);
          // Cleared, so picking the same file again (after a failure) is a change too.
          input.value = '';
        }}
      />
      <p className={formClasses.hint}>{t('kf.imageHint')}</p>
      {busy ? (
        <p className={formClasses.hint} role="status">
          {t('kf.preparingImage')}
        </p>
      ) : null}
      {value && !value.ok ? (
        <p className={formClasses.error} role="alert">
          {tc(value.key)}
        </p>
      ) : null}
      {value?.ok ? (
        <div className={formClasses.actions}>
          <span className={formClasses.hint}>{value.name}</span>
          <Button variant="secondary" onClick={() => onChange(null)}>
            {t('kf.removeImage')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
