import { createWebpackConfig } from '@meridian/build';

export default createWebpackConfig({
  dir: import.meta.dirname,
  name: 'mfe_help',
  kind: 'remote',
  exposes: { './app': './src/remote-entry.ts' },
  // `/kf.html`: the stand-alone customer-service page (no shell).
  pages: { kf: './src/kf/kf-main.ts' },
});
