import { createWebpackConfig } from '@meridian/build';

export default createWebpackConfig({
  dir: import.meta.dirname,
  name: 'mfe_markets',
  kind: 'remote',
  exposes: { './app': './src/remote-entry.ts', './MarketTable': './src/features/market-table/market-table-widget.ts' },
});
