import { MARKET_TYPES } from '@meridian/contracts';

export interface InstrumentSeed {
  code: string;
  name: string;
  type: number;
  /** Starting price of the simulated series. */
  start: string;
  decimals: number;
}

/**
 * Instruments the built-in simulator quotes until the markets issue brings the full catalogue.
 * Start prices are only the simulator's starting points, and every screen labels them simulated.
 */
export const SIMULATED_INSTRUMENTS: InstrumentSeed[] = [
  { code: 'BTC/USDT', name: 'Bitcoin', type: MARKET_TYPES.crypto, start: '52100', decimals: 2 },
  { code: 'ETH/USDT', name: 'Ethereum', type: MARKET_TYPES.crypto, start: '2850', decimals: 2 },
  { code: 'SOL/USDT', name: 'Solana', type: MARKET_TYPES.crypto, start: '145', decimals: 3 },
  { code: 'XRP/USDT', name: 'XRP', type: MARKET_TYPES.crypto, start: '0.52', decimals: 5 },
  { code: 'EUR/USD', name: 'Euro / US Dollar', type: MARKET_TYPES.forex, start: '1.085', decimals: 5 },
  { code: 'GBP/USD', name: 'British Pound / US Dollar', type: MARKET_TYPES.forex, start: '1.27', decimals: 5 },
  { code: 'USD/JPY', name: 'US Dollar / Japanese Yen', type: MARKET_TYPES.forex, start: '151.2', decimals: 3 },
  { code: 'XAU/USD', name: 'Gold', type: MARKET_TYPES.metals, start: '2330', decimals: 2 },
  { code: 'XAG/USD', name: 'Silver', type: MARKET_TYPES.metals, start: '27.4', decimals: 3 },
  { code: 'AAPL', name: 'Apple Inc.', type: MARKET_TYPES.stocks, start: '189', decimals: 2 },
  { code: 'MSFT', name: 'Microsoft Corp.', type: MARKET_TYPES.stocks, start: '415', decimals: 2 },
  { code: 'SPY', name: 'SPDR S&P 500 ETF', type: MARKET_TYPES.etfs, start: '520', decimals: 2 },
  { code: 'CL', name: 'Crude Oil Futures', type: MARKET_TYPES.futures, start: '78.5', decimals: 2 },
];
