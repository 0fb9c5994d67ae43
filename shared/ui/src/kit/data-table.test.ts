// @vitest-environment happy-dom
import { act, createElement, useState } from 'react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@meridian/platform';
import { DataTable } from './data-table.tsx';
import type { DataColumn } from './data-table.tsx';
import { renderInDom } from './render-in-dom.ts';

interface Person {
  id: number;
  name: string;
  age: number;
}
const people: Person[] = [
  { id: 1, name: 'Carol', age: 41 },
  { id: 2, name: 'Alice', age: 29 },
  { id: 3, name: 'Bob', age: 35 },
];
const columns: DataColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortValue: (p) => p.name, rowHeader: true },
  { id: 'age', header: 'Age', cell: (p) => String(p.age), sortValue: (p) => p.age, numeric: true },
  { id: 'note', header: 'Note', cell: () => '—' },
];

let host: HTMLElement;
beforeAll(() => initI18n('en'));

function render(element: ReactElement) {
  host = renderInDom(element);
}
const names = () => [...host.querySelectorAll('tbody th')].map((cell) => cell.textContent);
const header = (name: string) => [...host.querySelectorAll('thead th')].find((th) => th.textContent?.startsWith(name))!;

describe('DataTable', () => {
  it('sorts by a column when its header is clicked, and the other way on a second click', () => {
    render(createElement(DataTable<Person>, { columns, rows: people, rowKey: (p) => p.id, caption: 'People' }));
    expect(names()).toEqual(['Carol', 'Alice', 'Bob']);
    act(() => header('Age').querySelector('button')!.click());
    expect(header('Age').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Alice', 'Bob', 'Carol']);
    act(() => header('Age').querySelector('button')!.click());
    expect(header('Age').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Carol', 'Bob', 'Alice']);
    // A column without a sort value has no sort button.
    expect(header('Note').querySelector('button')).toBeNull();
  });

  it('sorts from the keyboard: the header is a focusable button that Enter presses', () => {
    render(createElement(DataTable<Person>, { columns, rows: people, rowKey: (p) => p.id, caption: 'People' }));
    const button = header('Name').querySelector('button')!;
    button.focus();
    expect(document.activeElement).toBe(button);
    expect(button.type).toBe('button');
    // A native button turns Enter and Space into a click; happy-dom does not, so the click stands in.
    act(() => button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    act(() => button.click());
    expect(names()).toEqual(['Alice', 'Bob', 'Carol']);
    expect(host.querySelector('[role="region"]')!.getAttribute('tabindex')).toBe('0');
  });

  it('pages the rows it has with the kit pager', () => {
    render(
      createElement(DataTable<Person>, {
        columns,
        rows: people,
        rowKey: (p) => p.id,
        caption: 'People',
        pageSize: 2,
        initialSort: { id: 'name' },
        testId: 'people',
      }),
    );
    expect(names()).toEqual(['Alice', 'Bob']);
    expect(host.querySelector('[data-testid="people-pager-page"]')!.textContent).toBe('Page 1 of 2 · 3 entries');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="people-pager-next"]')!.click());
    expect(names()).toEqual(['Carol']);
    expect(host.querySelector('[data-testid="people-pager-end"]')!.textContent).toBe('No more data.');
  });

  it('shows the loading state before rows come and the empty state when there are none', () => {
    render(createElement(DataTable<Person>, { columns, rows: undefined, rowKey: (p) => p.id, caption: 'People' }));
    expect(host.querySelector('[role="status"]')!.textContent).toBe('Loading…');
    render(createElement(DataTable<Person>, { columns, rows: [], rowKey: (p) => p.id, caption: 'People', empty: 'No people.' }));
    expect(host.textContent).toBe('No people.');
    expect(host.querySelector('table')).toBeNull();
  });

  it('opens a row on click but leaves links and buttons inside it alone', () => {
    const opened: number[] = [];
    const linked: DataColumn<Person>[] = [
      ...columns,
      { id: 'go', header: 'Go', cell: (p) => createElement('button', { type: 'button' }, `go ${p.id}`) },
    ];
    render(
      createElement(DataTable<Person>, {
        columns: linked,
        rows: people,
        rowKey: (p) => p.id,
        caption: 'People',
        onRowClick: (p) => opened.push(p.id),
        rowAttributes: (p) => ({ 'data-testid': 'person-row', 'data-id': p.id }),
      }),
    );
    const rows = host.querySelectorAll<HTMLTableRowElement>('[data-testid="person-row"]');
    expect(rows[1]!.dataset.id).toBe('2');
    act(() => rows[1]!.querySelector('td')!.click());
    act(() => rows[2]!.querySelector('button')!.click());
    expect(opened).toEqual([2]);
  });

  it('labels each cell with its column name for the narrow-screen cards, but not a column of actions', () => {
    const withActions: DataColumn<Person>[] = [
      ...columns,
      { id: 'act', header: 'Actions', hiddenHeader: true, cell: (p) => createElement('button', { type: 'button' }, `go ${p.id}`) },
      { id: 'fig', header: createElement('abbr', { title: 'Figure' }, 'Fig.'), label: 'Figure', cell: () => '1' },
    ];
    render(createElement(DataTable<Person>, { columns: withActions, rows: people, rowKey: (p) => p.id, caption: 'People', cards: true }));
    const first = host.querySelector('tbody tr')!;
    expect([...first.children].map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Age', 'Note', null, 'Figure']);
    // The actions column's header is there for screen readers, in a visually hidden span.
    expect(header('Actions').querySelector('span')!.textContent).toBe('Actions');
    render(createElement(DataTable<Person>, { columns, rows: people, rowKey: (p) => p.id, caption: 'People' }));
    expect(host.querySelector('tbody [data-label]')).toBeNull();
  });

  it('shows one page of a server-paged list with the kit pager, and says when the next is on its way', () => {
    const pages: number[] = [];
    render(
      createElement(DataTable<Person>, {
        columns,
        rows: people.slice(0, 2),
        rowKey: (p) => p.id,
        caption: 'People',
        paging: { page: 1, pageSize: 2, total: 3, onPage: (page) => pages.push(page) },
        busy: true,
        testId: 'people',
        pagerTestId: 'people-pages',
      }),
    );
    expect(names()).toEqual(['Carol', 'Alice']);
    expect(host.querySelector('table')!.getAttribute('aria-busy')).toBe('true');
    expect(host.querySelector('[data-testid="people-pages-page"]')!.textContent).toBe('Page 1 of 2 · 3 entries');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="people-pages-next"]')!.click());
    expect(pages).toEqual([2]);
    // The rows it was given stay as they are: the server pages them.
    expect(names()).toEqual(['Carol', 'Alice']);
  });

  it('keeps what a cell holds when its table renders again with new column objects (an edit being typed)', () => {
    let rerender!: () => void;
    /** A cell with state of its own: an input that keeps what was typed. */
    function Typing() {
      const [text, setText] = useState('');
      return createElement('input', {
        value: text,
        onChange: (e: { target: { value: string } }) => setText(e.target.value),
        'data-testid': 'typing',
      });
    }
    function Parent() {
      const [, setTick] = useState(0);
      rerender = () => setTick((n) => n + 1);
      // New column objects on every render, as a component that does not memoize its columns makes them.
      const fresh: DataColumn<Person>[] = [
        { id: 'name', header: 'Name', cell: (p) => p.name, rowHeader: true },
        { id: 'edit', header: 'Edit', cell: () => createElement(Typing) },
      ];
      return createElement(DataTable<Person>, { columns: fresh, rows: people.slice(0, 1), rowKey: (p) => p.id, caption: 'People' });
    }
    render(createElement(Parent));
    const input = host.querySelector<HTMLInputElement>('[data-testid="typing"]')!;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, '0.2');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(host.querySelector<HTMLInputElement>('[data-testid="typing"]')!.value).toBe('0.2');
    act(() => rerender());
    const after = host.querySelector<HTMLInputElement>('[data-testid="typing"]')!;
    expect(after).toBe(input);
    expect(after.value).toBe('0.2');
  });
});
