import { createWebpackConfig } from '@meridian/build';

export default createWebpackConfig({
  dir: import.meta.dirname,
  name: 'mfe_account',
  kind: 'remote',
  exposes: { './app': './src/remote-entry.ts' },
  // The sign-in pages, often a visitor's first load, drawn by the shell before this remote loads.
  firstPaint: './src/first-paint/prerender.tsx',
});
