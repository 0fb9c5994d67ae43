import { createWebpackConfig } from '@meridian/build';

export default createWebpackConfig({
  dir: import.meta.dirname,
  name: 'mfe_loans',
  kind: 'remote',
  exposes: { './app': './src/remote-entry.ts' },
});
