// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n, initI18n } from '@meridian/platform';
import { SubmitRow } from '../components/form.tsx';
import { Form, TextField, useKitForm } from './form.tsx';
import { renderInDom } from './render-in-dom.ts';

const schema = z.object({
  email: z.string().trim().email('validation.enterValidEmail'),
  code: z
    .string()
    .regex(/^[a-z]+$/i, 'validation.invalid')
    .transform((letters) => letters.toUpperCase()),
});

let host: HTMLElement;
beforeAll(() => initI18n('en'));

function render(onSubmit: (values: z.output<typeof schema>) => Promise<unknown> | void) {
  host = renderInDom(
    createElement(Form<typeof schema>, {
      schema,
      defaultValues: { email: '', code: '' },
      onSubmit,
      testId: 'form',
      children: (form, { failure, submitting }) => [
        createElement(TextField<z.input<typeof schema>>, { key: 'email', form, name: 'email', label: 'Email', type: 'email' }),
        createElement(TextField<z.input<typeof schema>>, { key: 'code', form, name: 'code', label: 'Code' }),
        createElement(SubmitRow, {
          key: 'submit',
          failure: failure ? 'errors.unknown' : null,
          submitting,
          label: 'Send',
          busyLabel: 'Sending',
          testId: 'send',
        }),
      ],
    }),
  );
}
const input = (label: string) => {
  const target = [...host.querySelectorAll('label')].find((l) => l.textContent === label)!;
  return document.getElementById(target.htmlFor) as HTMLInputElement;
};
async function type(label: string, value: string) {
  const field = input(label);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = () =>
  act(async () => {
    host.querySelector('form')!.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('Form', () => {
  it('shows the translated zod message under the field and does not submit', async () => {
    const onSubmit = vi.fn();
    render(onSubmit);
    await type('Email', 'not an email');
    await type('Code', 'ab');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    const email = input('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(
      i18n.t('validation.enterValidEmail', { ns: 'common' }),
    );
    expect(host.textContent).toContain('Please enter a valid email address.');
  });

  it('submits the parsed values', async () => {
    const onSubmit = vi.fn();
    render(onSubmit);
    await type('Email', '  ops@example.com ');
    await type('Code', 'ab');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ email: 'ops@example.com', code: 'AB' });
  });

  it('keeps a failed submit as its failure', async () => {
    render(() => Promise.reject(new Error('network')));
    await type('Email', 'ops@example.com');
    await type('Code', 'x');
    await submit();
    expect(host.querySelector('[role="alert"]')!.textContent).toBe(i18n.t('errors.unknown', { ns: 'common' }));
  });

  it('takes a form made outside it: a control elsewhere joins it by the id, and the element carries its description', async () => {
    const onSubmit = vi.fn();
    /** An input standing outside the form element (a table cell), joined to it with `form="<id>"`. */
    function Split() {
      const form = useKitForm(schema, { email: 'ops@example.com', code: '' });
      return createElement('div', null, [
        createElement('label', { key: 'l', htmlFor: 'code-outside' }, 'Code'),
        createElement('input', { key: 'i', id: 'code-outside', form: 'split', ...form.register('code') }),
        createElement('p', { key: 'd', id: 'what-it-does' }, 'Applies to everyone'),
        createElement(Form<typeof schema>, {
          key: 'f',
          form,
          id: 'split',
          'aria-describedby': 'what-it-does',
          onSubmit,
          children: () => null,
        }),
      ]);
    }
    host = renderInDom(createElement(Split));
    const element = host.querySelector('form')!;
    expect([element.id, element.getAttribute('aria-describedby')]).toEqual(['split', 'what-it-does']);
    await type('Code', 'ab');
    await submit();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ email: 'ops@example.com', code: 'AB' });
  });
});
