// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { OPERATOR_CODES } from '@meridian/contracts';
import type { SetupInfo } from '@meridian/contracts';
import { i18n } from '@meridian/platform';
import { renderInDom } from '../../../shared/render-in-dom.ts';
import { setupInfoQueryOptions } from '../api/auth-api.ts';
import { SetupPage } from './setup-page.tsx';

const calls = vi.hoisted(() => ({ completeSetup: vi.fn() }));
vi.mock('../api/auth-api.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  completeSetup: calls.completeSetup,
}));
vi.mock('../../../shared/session.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  setOperatorSession: vi.fn(),
}));

const TOKEN = 'a'.repeat(43);
const info: SetupInfo = {
  email: null,
  name: 'First admin',
  roles: ['admin'],
  secret: 'SECRET',
  otpauthUrl: 'otpauth://x',
  qrDataUrl: 'data:,',
};

let host: HTMLElement;

function render() {
  const client = new QueryClient();
  client.setQueryData(setupInfoQueryOptions(TOKEN).queryKey, info);
  const page = createElement(MemoryRouter, { initialEntries: [`/admin/setup#${TOKEN}`] }, createElement(SetupPage));
  host = renderInDom(page, client);
}
const input = (label: string) => {
  const target = [...host.querySelectorAll('label')].find((l) => l.textContent === label)!;
  return document.getElementById(target.htmlFor) as HTMLInputElement;
};
async function type(label: string, value: string) {
  const field = input(label);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = () =>
  act(async () => {
    host.querySelector('form')!.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
const errorOf = (label: string) => document.getElementById(input(label).getAttribute('aria-describedby') ?? '')?.textContent;

describe('SetupPage (the first admin)', () => {
  it('checks the boxes, sends the call body without the confirmation, and after a refused code empties the code box', async () => {
    render();
    await type('Email', 'ops@example.com');
    await type('New password', 'good pass 1');
    await type('Confirm the password', 'good pass 2');
    await type('Code from the authenticator app', '123456');
    await submit();
    expect(calls.completeSetup).not.toHaveBeenCalled();
    expect(errorOf('Confirm the password')).toBe(i18n.t('validation.passwordsDiffer', { ns: 'common' }));

    calls.completeSetup.mockRejectedValueOnce(Object.assign(new Error('no'), { code: OPERATOR_CODES.codeRejected }));
    await type('Confirm the password', 'good pass 1');
    await submit();
    expect(calls.completeSetup).toHaveBeenCalledWith({
      token: TOKEN,
      email: 'ops@example.com',
      name: 'First admin',
      password: 'good pass 1',
      code: '123456',
    });
    expect(host.querySelector('[data-testid="setup-failure"]')).not.toBeNull();
    expect(input('Code from the authenticator app').value).toBe('');
  });
});
