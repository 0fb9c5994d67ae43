import { useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import type { DefaultValues, FieldErrors, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FormField, formClasses } from '../components/form.tsx';

/** A form over a zod schema (a contract schema where one exists): its input values and what it parses to. */
export type KitForm<S extends z.ZodType<unknown, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * react-hook-form over `schema` with zodResolver, for a form whose fields stand outside its element (a table
 * row's inputs joined to the form in the actions cell by their `form` attribute): pass it to `Form` as `form`.
 */
export function useKitForm<S extends z.ZodType<unknown, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>): KitForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // zodResolver's types want zod's own classes; the schema is one, typed by its input and output.
    resolver: zodResolver(schema as never) as never,
    defaultValues,
  });
}

/**
 * The errors of a form made by `useKitForm`, for the component that made it: it renders again when they
 * change, also where the fields showing them stand in other components (a table's cells).
 */
export function useKitFormErrors<S extends z.ZodType<unknown, FieldValues>>(form: KitForm<S>): FieldErrors<z.input<S>> {
  return useFormState({ control: form.control }).errors;
}

interface FormOptions<S extends z.ZodType<unknown, FieldValues>> {
  /**
   * Gets the parsed values. A rejected promise is kept as `failure` (shown by the caller, e.g. with
   * SubmitRow) and the values stay for another try; a resolved one clears it.
   */
  onSubmit: (values: z.output<S>, form: KitForm<S>) => void | Promise<unknown>;
  children: (form: KitForm<S>, state: { failure: unknown; submitting: boolean }) => ReactNode;
  className?: string;
  testId?: string;
  /** The element's id, for controls outside it that join it with `form="<id>"`. */
  id?: string;
  'aria-label'?: string;
  /** Ids of text that describes the whole form (what the decision does, who it reaches). */
  'aria-describedby'?: string;
}

export type FormProps<S extends z.ZodType<unknown, FieldValues>> = FormOptions<S> &
  (
    | { schema: S; defaultValues: DefaultValues<z.input<S>> }
    /** A form made by `useKitForm` (its schema and values live with the caller). */
    | { form: KitForm<S> }
  );

/**
 * react-hook-form with zodResolver: the schema's message keys (of `common`) show under their fields
 * through FormField, the first invalid field takes focus, and a submit runs once at a time.
 */
export function Form<S extends z.ZodType<unknown, FieldValues>>(props: FormProps<S>) {
  return 'form' in props ? <FormElement<S> {...props} /> : <FormOfSchema<S> {...props} />;
}

function FormOfSchema<S extends z.ZodType<unknown, FieldValues>>({
  schema,
  defaultValues,
  ...options
}: FormOptions<S> & { schema: S; defaultValues: DefaultValues<z.input<S>> }) {
  return <FormElement<S> {...options} form={useKitForm(schema, defaultValues)} />;
}

function FormElement<S extends z.ZodType<unknown, FieldValues>>({
  form,
  onSubmit,
  children,
  className,
  testId,
  id,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
}: FormOptions<S> & { form: KitForm<S> }) {
  const [failure, setFailure] = useState<unknown>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values, form);
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <form
      id={id}
      className={className}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid={testId}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
    >
      {children(form, { failure, submitting: form.formState.isSubmitting })}
    </form>
  );
}

/** The message key of a field's first problem, if any. */
export function fieldError<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, name: FieldPath<V>): string | undefined {
  const error = form.getFieldState(name, form.formState).error;
  return typeof error?.message === 'string' ? error.message : undefined;
}

export type TextFieldProps<V extends FieldValues> = {
  form: UseFormReturn<V, unknown, unknown>;
  name: FieldPath<V>;
  label: string;
  hint?: ReactNode;
  /** A textarea instead of an input. */
  multiline?: boolean;
  testId?: string;
  rows?: number;
  /** A class added to the control's own. */
  className?: string;
  /** The id of more text about the control (a character count), read after its error. */
  describedBy?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'dir' | 'maxLength' | 'placeholder' | 'readOnly' | 'disabled'
>;

/** A labelled text input registered with its form, its translated error under it. */
export function TextField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  multiline = false,
  testId,
  rows,
  className,
  describedBy,
  ...input
}: TextFieldProps<V>) {
  return (
    <FormField label={label} error={fieldError(form, name)} hint={hint}>
      {(field) => {
        const control = { ...field, 'aria-describedby': [field['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined };
        return multiline ? (
          <textarea
            {...control}
            {...form.register(name)}
            className={[formClasses.textarea, className].filter(Boolean).join(' ')}
            dir={input.dir}
            maxLength={input.maxLength}
            disabled={input.disabled}
            rows={rows}
            data-testid={testId}
          />
        ) : (
          <input
            {...control}
            {...input}
            {...form.register(name)}
            className={[formClasses.input, className].filter(Boolean).join(' ')}
            data-testid={testId}
          />
        );
      }}
    </FormField>
  );
}

export interface SelectFieldProps<V extends FieldValues> {
  form: UseFormReturn<V, unknown, unknown>;
  name: FieldPath<V>;
  label: string;
  hint?: ReactNode;
  /** The choices: their value, and the text shown (the value itself when absent). */
  options: readonly (string | { value: string; label: string })[];
  /** Called after the form took the picked value (e.g. to reset a field that depends on it). */
  onPick?: (value: string) => void;
  disabled?: boolean;
  testId?: string;
}

/** A labelled select registered with its form, its translated error under it. */
export function SelectField<V extends FieldValues>({ form, name, label, hint, options, onPick, disabled, testId }: SelectFieldProps<V>) {
  const registered = form.register(name);
  return (
    <FormField label={label} error={fieldError(form, name)} hint={hint}>
      {(field) => (
        <select
          {...field}
          {...registered}
          className={formClasses.select}
          disabled={disabled}
          onChange={(event) => {
            void registered.onChange(event);
            onPick?.(event.currentTarget.value);
          }}
          data-testid={testId}
        >
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </FormField>
  );
}
