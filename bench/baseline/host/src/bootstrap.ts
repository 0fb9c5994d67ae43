/**
 * Mounts the remote's `./app` with React 19 `createRoot`. `react-dom/client` and the remote resolve at build time
 * (webpack: the shell's React, the federation remote); TypeScript takes their types from the shell's @types.
 */
import type { createElement as CreateElement } from '../../../../shell/node_modules/@types/react/index.d.ts';
import type { createRoot as CreateRoot } from '../../../../shell/node_modules/@types/react-dom/client.d.ts';
// @ts-expect-error -- resolved by webpack from shell/node_modules (bench/baseline/deps.ts); typed below.
import { createElement as reactCreateElement } from 'react';
// @ts-expect-error -- resolved by webpack from shell/node_modules (bench/baseline/deps.ts); typed below.
import { createRoot as reactCreateRoot } from 'react-dom/client';
import App from 'baseline_remote/app';

const createElement = reactCreateElement as typeof CreateElement;
const createRoot = reactCreateRoot as typeof CreateRoot;

createRoot(document.getElementById('outlet')!).render(createElement(App));
