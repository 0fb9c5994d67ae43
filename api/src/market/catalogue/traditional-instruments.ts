// Seeded forex, stock, ETF, futures and metal instruments of the market simulator: one row per instrument
// (code, name, reference price, yearly volatility, a typical day's traded value in USD), on the terms its class shares.
import { MARKET_TYPES } from '@meridian/contracts';
import type { InstrumentSpec } from './instrument-spec.ts';

/** What an instrument sets itself; the rest comes from its class. */
type Row = [code: string, name: string, referencePrice: string, volatility: string, dailyVolumeUsd: string];

/** The instruments of one class: each row on the class's terms, with `terms(row)` for what varies inside the class. */
function instruments<R extends readonly [...Row, ...string[]]>(
  shared: Pick<InstrumentSpec, 'type' | 'session'>,
  rows: readonly R[],
  terms: (row: R) => Pick<InstrumentSpec, 'tickSize' | 'contractSize' | 'leverages'>,
): InstrumentSpec[] {
  return rows.map((row) => {
    const [code, name, referencePrice, volatility, dailyVolumeUsd] = row;
    return { code, name, type: shared.type, referencePrice, ...terms(row), session: shared.session, volatility, dailyVolumeUsd };
  });
}

/** Forex pairs: 100,000 units a lot; leverage up to 500× (majors), 200× (minors) or 100× (exotics); prices quoted to 5 places, or 3 for the yen. */
const FOREX_LEVERAGES = { major: [1, 10, 20, 50, 100, 200, 500], minor: [1, 10, 20, 50, 100, 200], exotic: [1, 10, 20, 50, 100] };
type ForexRow = [...Row, tier: keyof typeof FOREX_LEVERAGES, tickSize: '0.00001' | '0.001'];
export const FOREX: InstrumentSpec[] = instruments<ForexRow>(
  { type: MARKET_TYPES.forex, session: 'forex' },
  [
    ['EUR/USD', 'Euro / US Dollar', '1.08450', '0.07', '1700000000000', 'major', '0.00001'],
    ['GBP/USD', 'British Pound / US Dollar', '1.27150', '0.08', '710000000000', 'major', '0.00001'],
    ['USD/JPY', 'US Dollar / Japanese Yen', '155.320', '0.09', '1250000000000', 'major', '0.001'],
    ['USD/CHF', 'US Dollar / Swiss Franc', '0.90150', '0.08', '260000000000', 'major', '0.00001'],
    ['AUD/USD', 'Australian Dollar / US Dollar', '0.66320', '0.1', '380000000000', 'major', '0.00001'],
    ['USD/CAD', 'US Dollar / Canadian Dollar', '1.36850', '0.07', '410000000000', 'major', '0.00001'],
    ['NZD/USD', 'New Zealand Dollar / US Dollar', '0.60780', '0.1', '100000000000', 'major', '0.00001'],
    ['EUR/GBP', 'Euro / British Pound', '0.85290', '0.07', '100000000000', 'minor', '0.00001'],
    ['EUR/JPY', 'Euro / Japanese Yen', '168.450', '0.09', '110000000000', 'minor', '0.001'],
    ['GBP/JPY', 'British Pound / Japanese Yen', '197.480', '0.1', '60000000000', 'minor', '0.001'],
    ['EUR/CHF', 'Euro / Swiss Franc', '0.97760', '0.07', '50000000000', 'minor', '0.00001'],
    ['EUR/AUD', 'Euro / Australian Dollar', '1.63520', '0.09', '25000000000', 'minor', '0.00001'],
    ['EUR/CAD', 'Euro / Canadian Dollar', '1.48420', '0.08', '20000000000', 'minor', '0.00001'],
    ['EUR/NZD', 'Euro / New Zealand Dollar', '1.78430', '0.1', '8000000000', 'minor', '0.00001'],
    ['GBP/CHF', 'British Pound / Swiss Franc', '1.14620', '0.09', '10000000000', 'minor', '0.00001'],
    ['GBP/AUD', 'British Pound / Australian Dollar', '1.91720', '0.1', '12000000000', 'minor', '0.00001'],
    ['GBP/CAD', 'British Pound / Canadian Dollar', '1.74010', '0.09', '10000000000', 'minor', '0.00001'],
    ['GBP/NZD', 'British Pound / New Zealand Dollar', '2.09190', '0.11', '6000000000', 'minor', '0.00001'],
    ['AUD/JPY', 'Australian Dollar / Japanese Yen', '103.010', '0.12', '40000000000', 'minor', '0.001'],
    ['AUD/NZD', 'Australian Dollar / New Zealand Dollar', '1.09120', '0.08', '20000000000', 'minor', '0.00001'],
    ['AUD/CAD', 'Australian Dollar / Canadian Dollar', '0.90760', '0.09', '12000000000', 'minor', '0.00001'],
    ['AUD/CHF', 'Australian Dollar / Swiss Franc', '0.59790', '0.1', '6000000000', 'minor', '0.00001'],
    ['CAD/JPY', 'Canadian Dollar / Japanese Yen', '113.500', '0.11', '15000000000', 'minor', '0.001'],
    ['CHF/JPY', 'Swiss Franc / Japanese Yen', '172.290', '0.1', '12000000000', 'minor', '0.001'],
    ['NZD/JPY', 'New Zealand Dollar / Japanese Yen', '94.400', '0.12', '8000000000', 'minor', '0.001'],
    ['NZD/CAD', 'New Zealand Dollar / Canadian Dollar', '0.83170', '0.1', '4000000000', 'minor', '0.00001'],
    ['NZD/CHF', 'New Zealand Dollar / Swiss Franc', '0.54790', '0.11', '3000000000', 'minor', '0.00001'],
    ['CAD/CHF', 'Canadian Dollar / Swiss Franc', '0.65880', '0.1', '4000000000', 'minor', '0.00001'],
    ['EUR/SEK', 'Euro / Swedish Krona', '11.48500', '0.08', '20000000000', 'minor', '0.00001'],
    ['EUR/NOK', 'Euro / Norwegian Krone', '11.69500', '0.09', '15000000000', 'minor', '0.00001'],
    ['USD/SGD', 'US Dollar / Singapore Dollar', '1.35100', '0.07', '80000000000', 'exotic', '0.00001'],
    ['USD/HKD', 'US Dollar / Hong Kong Dollar', '7.81250', '0.07', '90000000000', 'exotic', '0.00001'],
    ['USD/CNH', 'US Dollar / Chinese Yuan (Offshore)', '7.24600', '0.07', '500000000000', 'exotic', '0.00001'],
    ['USD/MXN', 'US Dollar / Mexican Peso', '17.05200', '0.13', '110000000000', 'exotic', '0.00001'],
    ['USD/ZAR', 'US Dollar / South African Rand', '18.45300', '0.15', '60000000000', 'exotic', '0.00001'],
    ['USD/TRY', 'US Dollar / Turkish Lira', '32.35000', '0.15', '30000000000', 'exotic', '0.00001'],
    ['USD/SEK', 'US Dollar / Swedish Krona', '10.73500', '0.1', '40000000000', 'exotic', '0.00001'],
    ['USD/NOK', 'US Dollar / Norwegian Krone', '10.78500', '0.11', '40000000000', 'exotic', '0.00001'],
  ],
  ([, , , , , tier, tickSize]) => ({ tickSize, contractSize: '100000', leverages: [...FOREX_LEVERAGES[tier]] }),
);

/** US stocks: one share a lot, cents, leverage up to 20×. */
export const STOCKS: InstrumentSpec[] = instruments<Row>(
  { type: MARKET_TYPES.stocks, session: 'us-equity' },
  [
    ['AAPL', 'Apple Inc.', '192.35', '0.25', '10000000000'],
    ['MSFT', 'Microsoft Corporation', '420.55', '0.22', '9000000000'],
    ['NVDA', 'NVIDIA Corporation', '121.40', '0.5', '35000000000'],
    ['AMZN', 'Amazon.com Inc.', '185.20', '0.3', '8000000000'],
    ['GOOGL', 'Alphabet Inc. Class A', '172.50', '0.28', '4500000000'],
    ['GOOG', 'Alphabet Inc. Class C', '173.80', '0.28', '3000000000'],
    ['META', 'Meta Platforms Inc.', '495.20', '0.35', '7000000000'],
    ['TSLA', 'Tesla Inc.', '182.50', '0.55', '20000000000'],
    ['BRK.B', 'Berkshire Hathaway Inc. Class B', '410.80', '0.2', '1500000000'],
    ['JPM', 'JPMorgan Chase & Co.', '198.40', '0.22', '1800000000'],
    ['V', 'Visa Inc.', '275.30', '0.2', '1800000000'],
    ['MA', 'Mastercard Inc.', '455.60', '0.2', '1300000000'],
    ['UNH', 'UnitedHealth Group Inc.', '495.10', '0.25', '2000000000'],
    ['JNJ', 'Johnson & Johnson', '148.20', '0.2', '1100000000'],
    ['XOM', 'Exxon Mobil Corporation', '113.60', '0.25', '2000000000'],
    ['WMT', 'Walmart Inc.', '66.80', '0.2', '1200000000'],
    ['PG', 'The Procter & Gamble Company', '165.40', '0.2', '1100000000'],
    ['HD', 'The Home Depot Inc.', '340.20', '0.22', '1100000000'],
    ['CVX', 'Chevron Corporation', '157.30', '0.25', '1200000000'],
    ['LLY', 'Eli Lilly and Company', '830.50', '0.3', '2500000000'],
    ['AVGO', 'Broadcom Inc.', '165.30', '0.4', '5000000000'],
    ['COST', 'Costco Wholesale Corporation', '850.20', '0.22', '1500000000'],
    ['PEP', 'PepsiCo Inc.', '168.50', '0.2', '900000000'],
    ['KO', 'The Coca-Cola Company', '62.80', '0.2', '900000000'],
    ['ABBV', 'AbbVie Inc.', '170.20', '0.22', '1000000000'],
    ['MRK', 'Merck & Co. Inc.', '128.40', '0.22', '1100000000'],
    ['ORCL', 'Oracle Corporation', '125.60', '0.3', '1300000000'],
    ['ADBE', 'Adobe Inc.', '480.30', '0.35', '1500000000'],
    ['CRM', 'Salesforce Inc.', '265.70', '0.35', '1500000000'],
    ['NFLX', 'Netflix Inc.', '640.50', '0.4', '2500000000'],
    ['AMD', 'Advanced Micro Devices Inc.', '160.20', '0.5', '8000000000'],
    ['INTC', 'Intel Corporation', '31.20', '0.4', '2000000000'],
    ['CSCO', 'Cisco Systems Inc.', '47.30', '0.22', '900000000'],
    ['QCOM', 'Qualcomm Inc.', '195.40', '0.4', '2500000000'],
    ['TXN', 'Texas Instruments Inc.', '195.80', '0.28', '900000000'],
    ['IBM', 'International Business Machines Corporation', '175.40', '0.22', '800000000'],
    ['MU', 'Micron Technology Inc.', '130.50', '0.5', '3000000000'],
    ['BAC', 'Bank of America Corporation', '39.50', '0.28', '1500000000'],
    ['WFC', 'Wells Fargo & Company', '59.30', '0.28', '1000000000'],
    ['GS', 'The Goldman Sachs Group Inc.', '460.20', '0.28', '1000000000'],
    ['MS', 'Morgan Stanley', '98.50', '0.28', '700000000'],
    ['C', 'Citigroup Inc.', '62.40', '0.3', '1000000000'],
    ['DIS', 'The Walt Disney Company', '102.30', '0.3', '1000000000'],
    ['NKE', 'Nike Inc.', '94.20', '0.3', '1000000000'],
    ['MCD', "McDonald's Corporation", '260.40', '0.2', '800000000'],
    ['SBUX', 'Starbucks Corporation', '78.60', '0.3', '800000000'],
    ['BA', 'The Boeing Company', '180.20', '0.4', '1500000000'],
    ['CAT', 'Caterpillar Inc.', '340.50', '0.3', '900000000'],
    ['GE', 'GE Aerospace', '162.30', '0.3', '1000000000'],
    ['T', 'AT&T Inc.', '18.20', '0.22', '600000000'],
    ['VZ', 'Verizon Communications Inc.', '40.10', '0.2', '700000000'],
    ['PFE', 'Pfizer Inc.', '28.40', '0.25', '1000000000'],
    ['UBER', 'Uber Technologies Inc.', '68.40', '0.45', '1500000000'],
    ['ABNB', 'Airbnb Inc.', '148.60', '0.45', '800000000'],
    ['PYPL', 'PayPal Holdings Inc.', '63.20', '0.45', '900000000'],
    ['SHOP', 'Shopify Inc.', '64.50', '0.55', '800000000'],
    ['COIN', 'Coinbase Global Inc.', '225.40', '0.6', '2500000000'],
    ['PLTR', 'Palantir Technologies Inc.', '24.30', '0.6', '1500000000'],
    ['TSM', 'Taiwan Semiconductor Manufacturing Company Ltd.', '170.40', '0.4', '3500000000'],
    ['BABA', 'Alibaba Group Holding Ltd.', '78.30', '0.45', '800000000'],
    ['ASML', 'ASML Holding N.V.', '950.20', '0.4', '1200000000'],
    ['TM', 'Toyota Motor Corporation', '205.40', '0.25', '150000000'],
    ['SONY', 'Sony Group Corporation', '83.50', '0.3', '100000000'],
    ['NVO', 'Novo Nordisk A/S', '135.20', '0.3', '1000000000'],
    ['SAP', 'SAP SE', '195.40', '0.28', '300000000'],
    ['SHEL', 'Shell plc', '72.30', '0.25', '300000000'],
  ],
  () => ({ tickSize: '0.01', contractSize: '1', leverages: [1, 2, 5, 10, 20] }),
);

/** US ETFs: one share a lot, cents, leverage up to 10×. */
export const ETFS: InstrumentSpec[] = instruments<Row>(
  { type: MARKET_TYPES.etfs, session: 'us-equity' },
  [
    ['SPY', 'SPDR S&P 500 ETF Trust', '530.40', '0.15', '30000000000'],
    ['QQQ', 'Invesco QQQ Trust', '455.20', '0.2', '18000000000'],
    ['IWM', 'iShares Russell 2000 ETF', '205.30', '0.22', '6000000000'],
    ['DIA', 'SPDR Dow Jones Industrial Average ETF Trust', '390.20', '0.14', '800000000'],
    ['VTI', 'Vanguard Total Stock Market ETF', '262.50', '0.15', '800000000'],
    ['VOO', 'Vanguard S&P 500 ETF', '488.30', '0.15', '2500000000'],
    ['EEM', 'iShares MSCI Emerging Markets ETF', '42.60', '0.18', '1200000000'],
    ['EFA', 'iShares MSCI EAFE ETF', '79.40', '0.15', '1000000000'],
    ['GLD', 'SPDR Gold Shares', '215.70', '0.15', '1500000000'],
    ['SLV', 'iShares Silver Trust', '26.80', '0.28', '700000000'],
    ['TLT', 'iShares 20+ Year Treasury Bond ETF', '92.40', '0.16', '3000000000'],
    ['HYG', 'iShares iBoxx $ High Yield Corporate Bond ETF', '77.30', '0.1', '2000000000'],
    ['LQD', 'iShares iBoxx $ Investment Grade Corporate Bond ETF', '107.50', '0.1', '1500000000'],
    ['XLF', 'Financial Select Sector SPDR Fund', '41.20', '0.18', '1500000000'],
    ['XLE', 'Energy Select Sector SPDR Fund', '91.60', '0.22', '1500000000'],
    ['XLK', 'Technology Select Sector SPDR Fund', '218.40', '0.22', '1500000000'],
    ['XLV', 'Health Care Select Sector SPDR Fund', '145.30', '0.14', '900000000'],
    ['ARKK', 'ARK Innovation ETF', '45.20', '0.4', '700000000'],
    ['SMH', 'VanEck Semiconductor ETF', '240.50', '0.35', '2500000000'],
    ['VNQ', 'Vanguard Real Estate ETF', '84.50', '0.2', '400000000'],
    ['USO', 'United States Oil Fund', '78.30', '0.35', '300000000'],
  ],
  () => ({ tickSize: '0.01', contractSize: '1', leverages: [1, 2, 5, 10] }),
);

/** Futures: each contract's own size; cents; leverage up to 50×. */
export const FUTURES: InstrumentSpec[] = instruments<[...Row, contractSize: string]>(
  { type: MARKET_TYPES.futures, session: 'futures' },
  [
    ['CL', 'Crude Oil WTI', '78.45', '0.35', '75000000000', '1000'],
    ['BZ', 'Brent Crude Oil', '82.60', '0.33', '40000000000', '1000'],
    ['NG', 'Natural Gas', '2.75', '0.5', '12000000000', '10000'],
    ['HO', 'Heating Oil', '2.50', '0.33', '5000000000', '42000'],
    ['ES', 'E-mini S&P 500', '5300.25', '0.2', '400000000000', '50'],
    ['NQ', 'E-mini Nasdaq-100', '18700.50', '0.25', '225000000000', '20'],
    ['YM', 'E-mini Dow', '39100.00', '0.2', '25000000000', '5'],
    ['RTY', 'E-mini Russell 2000', '2060.40', '0.25', '15000000000', '50'],
    ['NKD', 'Nikkei 225 (USD)', '38500.00', '0.22', '500000000', '5'],
    ['ZC', 'Corn', '4.45', '0.25', '8000000000', '5000'],
    ['ZW', 'Wheat', '6.12', '0.3', '3500000000', '5000'],
    ['ZS', 'Soybeans', '11.85', '0.22', '10000000000', '5000'],
    ['HG', 'Copper', '4.52', '0.25', '12000000000', '25000'],
    ['KC', 'Coffee', '2.25', '0.4', '1500000000', '37500'],
    ['SB', 'Sugar No. 11', '0.19', '0.3', '1500000000', '112000'],
    ['CC', 'Cocoa', '7500.00', '0.5', '1000000000', '10'],
  ],
  ([, , , , , contractSize]) => ({ tickSize: '0.01', contractSize, leverages: [1, 5, 10, 20, 50] }),
);

/** Metals: each its own lot size and tick; leverage up to 100×. */
export const METALS: InstrumentSpec[] = instruments<[...Row, tickSize: string, contractSize: string]>(
  { type: MARKET_TYPES.metals, session: 'metals' },
  [
    ['XAU/USD', 'Gold', '2350.45', '0.15', '150000000000', '0.01', '100'],
    ['XAG/USD', 'Silver', '29.850', '0.28', '30000000000', '0.001', '5000'],
    ['XPT/USD', 'Platinum', '985.30', '0.25', '1500000000', '0.01', '50'],
    ['XPD/USD', 'Palladium', '1010.50', '0.35', '800000000', '0.01', '100'],
    ['XCU/USD', 'Copper', '4.5215', '0.25', '2000000000', '0.0001', '25000'],
  ],
  ([, , , , , tickSize, contractSize]) => ({ tickSize, contractSize, leverages: [1, 10, 20, 50, 100] }),
);
