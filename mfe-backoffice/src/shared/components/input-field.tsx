import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField, formClasses } from '@meridian/ui';

/**
 * A labelled input of a form whose values live in the component's state (checked on submit): the kit's
 * FormField around the kit's input, its error (a message key of `common`) under it. `onChange` gets the
 * new text, `className` is added to the input's own, `children` follow the input (a datalist).
 */
export function InputField({
  label,
  error,
  hint,
  className,
  onChange,
  children,
  ...input
}: {
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
  'data-testid'?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'value' | 'onChange' | 'children'>) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <>
          <input
            {...control}
            {...input}
            className={className ? `${formClasses.input} ${className}` : formClasses.input}
            onChange={(e) => onChange(e.target.value)}
          />
          {children}
        </>
      )}
    </FormField>
  );
}
