// @vitest-environment happy-dom
import { act, createElement, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';
import { renderInDom } from './render-in-dom.ts';

type Kind = 'page' | 'faq' | 'notice';
const items = (['page', 'faq', 'notice'] as const).map((key) => ({ key, label: key, testId: `tab-${key}` }));

let host: HTMLElement;

function render(activation: 'automatic' | 'manual', chosen: Kind[]) {
  function Harness() {
    const [value, setValue] = useState<Kind>('page');
    return createElement(Tabs<Kind>, {
      items,
      value,
      onChange: (key) => {
        chosen.push(key);
        setValue(key);
      },
      label: 'Kinds',
      panelId: 'panel',
      activation,
      idOf: (key) => `tab-id-${key}`,
    });
  }
  host = renderInDom(createElement(Harness));
}
const tab = (key: Kind) => host.querySelector<HTMLButtonElement>(`[data-testid="tab-${key}"]`)!;
const press = (key: string) => act(() => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));

describe('Tabs', () => {
  it('is a tab list with only the chosen tab in the Tab order, labelled ids and the panel it controls', () => {
    render('automatic', []);
    expect(host.querySelector('[role="tablist"]')!.getAttribute('aria-label')).toBe('Kinds');
    expect(tab('page').getAttribute('aria-selected')).toBe('true');
    expect(tab('page').tabIndex).toBe(0);
    expect(tab('faq').tabIndex).toBe(-1);
    expect(tab('faq').id).toBe('tab-id-faq');
    expect(tab('faq').getAttribute('aria-controls')).toBe('panel');
  });

  it('chooses with the arrow keys, Home and End under automatic activation', () => {
    const chosen: Kind[] = [];
    render('automatic', chosen);
    tab('page').focus();
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('faq'));
    press('End');
    press('Home');
    expect(chosen).toEqual(['faq', 'notice', 'page']);
    expect(tab('page').getAttribute('aria-selected')).toBe('true');
  });

  it('only moves focus with the arrows under manual activation; a click chooses', () => {
    const chosen: Kind[] = [];
    render('manual', chosen);
    tab('page').focus();
    press('ArrowRight');
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('notice'));
    expect(chosen).toEqual([]);
    act(() => tab('notice').click());
    act(() => tab('notice').click());
    expect(chosen).toEqual(['notice']);
  });

  it("renders the chosen tab's panel, labelled by that tab, when given its content", () => {
    function Harness() {
      const [value, setValue] = useState<Kind>('page');
      return createElement(Tabs<Kind>, { items, value, onChange: setValue, label: 'Kinds' }, `content of ${value}`);
    }
    host = renderInDom(createElement(Harness));
    const panel = () => host.querySelector('[role="tabpanel"]')!;
    expect(panel().textContent).toBe('content of page');
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('page').id);
    expect(tab('faq').getAttribute('aria-controls')).toBe(panel().id);
    act(() => tab('faq').click());
    expect(panel().textContent).toBe('content of faq');
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('faq').id);
  });
});
