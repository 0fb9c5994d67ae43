import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { useT } from '@meridian/platform';
import { Button } from '../components/button.tsx';
import { formClasses } from '../components/form.tsx';

export interface SignatureFieldProps {
  label: string;
  /** Under the pad: what signing means here. */
  hint?: string;
  /** The drawn signature as a PNG, or null while the pad is empty. */
  onChange: (png: Blob | null) => void;
  /** A message key (`common`) of the form's own about this field ("not signed"). */
  error?: string | undefined;
  testId?: string;
}

/**
 * A drawn signature (SPEC §3 KYC and loans) on `signature_pad`: mouse, pen or finger; sized to the
 * device's pixel ratio so strokes stay sharp; "Clear" empties it. Each finished stroke hands the form the
 * pad as a PNG, so what is uploaded is what the user saw.
 */
export function SignatureField({ label, hint, onChange, error, testId }: SignatureFieldProps) {
  const { t } = useT('common');
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [typed, setTyped] = useState('');

  useEffect(() => {
    const node = canvas.current;
    if (!node) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    node.width = node.offsetWidth * ratio;
    node.height = node.offsetHeight * ratio;
    node.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(node, { penColor: '#10233f', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = signature;
    const emit = () => {
      if (signature.isEmpty()) return changed.current(null);
      node.toBlob((blob) => changed.current(blob));
    };
    signature.addEventListener('endStroke', emit);
    return () => {
      signature.removeEventListener('endStroke', emit);
      signature.off();
      pad.current = null;
    };
  }, []);

  return (
    <div className={formClasses.field}>
      <label className={formClasses.label} id={`${id}-label`}>
        {label}
      </label>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
        style={{
          inlineSize: '100%',
          blockSize: '160px',
          touchAction: 'none',
          background: '#fff',
          border: `1px solid ${error ? 'var(--color-danger, #c62828)' : 'var(--color-border, #c8ced8)'}`,
          borderRadius: '8px',
        }}
      />
      {hint ? (
        <p className={formClasses.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={formClasses.error} role="alert">
          {t(error)}
        </p>
      ) : null}
      <div className={formClasses.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
          data-testid={testId ? `${testId}-clear` : undefined}
        >
          {t('kit.clearSignature')}
        </Button>
      </div>
      {/* Without a pointer (keyboard, switch access): the signer's name, written on the pad in a script hand. */}
      <label className={formClasses.label} htmlFor={`${id}-typed`}>
        {t('kit.typeSignature')}
      </label>
      <div className={formClasses.actions}>
        <input
          id={`${id}-typed`}
          className={formClasses.input}
          value={typed}
          maxLength={80}
          autoComplete="name"
          onChange={(event) => setTyped(event.currentTarget.value)}
          data-testid={testId ? `${testId}-typed` : undefined}
        />
        <Button
          variant="secondary"
          disabled={typed.trim() === ''}
          onClick={() => {
            const node = canvas.current;
            const context = node?.getContext('2d');
            if (!node || !context) return;
            pad.current?.clear();
            const width = node.offsetWidth;
            const height = node.offsetHeight;
            context.save();
            context.fillStyle = '#10233f';
            context.textBaseline = 'middle';
            context.textAlign = 'center';
            context.font = `italic ${Math.round(height * 0.32)}px "Segoe Script", "Brush Script MT", "Snell Roundhand", cursive`;
            context.fillText(typed.trim(), width / 2, height / 2, width * 0.9);
            context.restore();
            node.toBlob((blob) => changed.current(blob));
          }}
          data-testid={testId ? `${testId}-use-typed` : undefined}
        >
          {t('kit.useTypedSignature')}
        </Button>
      </div>
    </div>
  );
}
