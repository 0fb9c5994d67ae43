/**
 * The baseline remote's page: a heading and a short list of text, about what a simple Meridian page renders.
 * Marks itself with `[data-baseline-remote]` so the bench sees it mounted (`[data-baseline-remote] > *`).
 * `react` resolves at build time from the shell's copy (shared as a singleton); its types from the shell's @types.
 */
import type { createElement as CreateElement, ReactElement } from '../../../../shell/node_modules/@types/react/index.d.ts';
// @ts-expect-error -- resolved by webpack from shell/node_modules (bench/baseline/deps.ts); typed below.
import { createElement as reactCreateElement } from 'react';

const h = reactCreateElement as typeof CreateElement;

const ITEMS = [
  'Markets open around the clock for crypto and on weekdays for stocks.',
  'Demo accounts trade with virtual funds; real accounts settle in USDT.',
  'Orders fill at the market price shown when they are placed.',
  'Closed positions and their profit appear in your history.',
  'Support answers in the language of the page.',
];

export default function App(): ReactElement {
  return h(
    'section',
    { 'data-baseline-remote': '' },
    h('h1', null, 'Help centre'),
    h('p', null, 'Answers to the questions people ask most.'),
    h(
      'ul',
      null,
      ITEMS.map((text) => h('li', { key: text }, text)),
    ),
  );
}
