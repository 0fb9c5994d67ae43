/** Market types of SPEC §3. */
export const MARKET_TYPES = { forex: 1, crypto: 2, stocks: 3, futures: 4, metals: 5, etfs: 6 } as const;
