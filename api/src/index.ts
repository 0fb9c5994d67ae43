export { registerApi, buildApi } from './app.ts';
export type { ApiOptions } from './app.ts';
export { openDatabase } from './db/database.ts';
export type { Database, DatabaseHandle, DatabaseOptions } from './db/database.ts';
export { seedDatabase } from './db/seed.ts';
export { MarketSimulator } from './market/market-simulator.ts';
export type { MarketFeed } from './market/market-simulator.ts';
export { sanitizeContent } from './content/sanitize-content.ts';
export { notFoundBody } from './plugins/envelope.ts';
