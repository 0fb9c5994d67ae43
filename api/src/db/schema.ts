/**
 * The database schema, one file per domain (db/schema/<domain>.ts); this index is what drizzle-kit and the
 * code import. A new domain adds its file here.
 */
export * from './schema/accounts.ts';
export * from './schema/content.ts';
export * from './schema/settings.ts';
export * from './schema/uploads.ts';
export * from './schema/support.ts';
export * from './schema/market.ts';
export * from './schema/money.ts';
export * from './schema/operators.ts';
export * from './schema/jobs.ts';
export * from './schema/funding.ts';
export * from './schema/withdrawals.ts';
export * from './schema/exchange.ts';
export * from './schema/loans.ts';
export * from './schema/smart.ts';
export * from './schema/nfts.ts';
