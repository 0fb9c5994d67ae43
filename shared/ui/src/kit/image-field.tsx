import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { Button } from '../components/button.tsx';
import { formClasses } from '../components/form.tsx';
import { CameraCapture } from './camera-capture.tsx';
import { pickImage } from './prepare-image.ts';
import type { PreparedImage } from './prepare-image.ts';

export { UPLOAD_FAILED_KEY, pickImage, prepareImage, uploadImage } from './prepare-image.ts';
export type { PreparedImage } from './prepare-image.ts';

export interface ImageFieldProps {
  value: PreparedImage | null;
  onChange: (image: PreparedImage | null) => void;
  label: string;
  /** Under the picker: the accepted types and both size limits (SPEC §5.2). */
  hint: ReactNode;
  testId?: string;
  /** A message key (`common`) of the form's own about this field (a required image not picked). */
  error?: string | undefined;
  /** Offer the device's camera beside the file picker (identity photos). */
  camera?: boolean;
}

/**
 * An image picker (SPEC §5.2): checked by content and reduced to the upload limit as soon as it is
 * picked; says what it is doing, why a file was refused, and lets the user remove the one picked.
 */
export function ImageField({ value, onChange, label, hint, testId, error, camera = false }: ImageFieldProps) {
  const { t } = useT('common');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [busy, setBusy] = useState(false);
  const [shooting, setShooting] = useState(false);
  const problem = value && !value.ok ? value.key : error;
  return (
    <div className={formClasses.field}>
      <label className={formClasses.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/jp2,.jp2,.j2k"
        data-testid={testId}
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[problem ? errorId : null, hintId].filter(Boolean).join(' ')}
        onChange={async (event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return onChange(null);
          await pickImage(file, setBusy, onChange);
          // Cleared, so picking the same file again (after a failure) is a change too.
          input.value = '';
        }}
      />
      {camera ? (
        <div className={formClasses.actions}>
          <Button
            variant="secondary"
            onClick={() => setShooting(true)}
            disabled={busy}
            data-testid={testId ? `${testId}-camera` : undefined}
          >
            {t('kit.useCamera')}
          </Button>
        </div>
      ) : null}
      {shooting ? (
        <CameraCapture
          title={label}
          onClose={() => setShooting(false)}
          onCapture={(file) => {
            setShooting(false);
            void pickImage(file, setBusy, onChange);
          }}
          testId={testId ? `${testId}-camera-dialog` : undefined}
        />
      ) : null}
      <p className={formClasses.hint} id={hintId}>
        {hint}
      </p>
      {busy ? (
        <p className={formClasses.hint} role="status">
          {t('kit.preparingImage')}
        </p>
      ) : null}
      {problem ? (
        <p className={formClasses.error} role="alert" id={errorId}>
          {t(problem)}
        </p>
      ) : null}
      {value?.ok ? (
        <div className={formClasses.actions}>
          <span className={formClasses.hint}>{value.name}</span>
          <Button variant="secondary" onClick={() => onChange(null)}>
            {t('kit.removeImage')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
