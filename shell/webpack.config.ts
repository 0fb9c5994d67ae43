import { createWebpackConfig } from '@meridian/build';

export default createWebpackConfig({ dir: import.meta.dirname, name: 'shell', kind: 'host' });
