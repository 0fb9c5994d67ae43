import { createWebpackConfig } from '@meridian/build';

export default createWebpackConfig({
  dir: import.meta.dirname,
  name: 'mfe_trading',
  kind: 'remote',
  exposes: { './app': './src/remote-entry.ts' },
});
