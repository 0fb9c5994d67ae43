import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WALLET_LINK_HOLD_SECONDS } from '@meridian/contracts';
import type { AccountsContext } from './accounts/context.ts';
import type { ApiOptions } from './app.ts';
import { ContentAdmin } from './content/content-admin.ts';
import { Deposits } from './funding/deposits.ts';
import { WalletLinks } from './funding/wallet-links.ts';
import { Withdrawals } from './funding/withdrawals.ts';
import { FlashExchange } from './funding/flash-exchange.ts';
import { marketUsdPrices } from './ledger/currency.ts';
import type { Database } from './db/database.ts';
import type { BalanceEvents } from './ledger/account-figures.ts';
import type { NotifyUser } from './live/user-events.ts';
import type { MarketService } from './market/market-service.ts';
import { CustomerDirectory } from './operators/customers.ts';
import type { OperatorService } from './operators/operators.ts';
import type { OperatorGate } from './plugins/operator-auth.ts';
import { Corrections } from './reviews/corrections.ts';
import type { ReviewService } from './reviews/reviews.ts';
import { adminRoutes } from './routes/admin/admin-routes.ts';
import { outboxRoutes } from './routes/dev/outbox-routes.ts';
import { exchangeRoutes } from './routes/funding/exchange-routes.ts';
import { fundingRoutes } from './routes/funding/funding-routes.ts';
import { walletCancelRoutes, withdrawalRoutes } from './routes/funding/withdrawal-routes.ts';
import { indexRoutes } from './routes/index/index-routes.ts';
import { marketRoutes } from './routes/index/market-routes.ts';
import { loginRoutes } from './routes/login/login-routes.ts';
import { socialRoutes } from './routes/login/social-routes.ts';
import { walletRoutes } from './routes/login/wallet-routes.ts';
import { orderRoutes } from './routes/order/order-routes.ts';
import { supportRoutes } from './routes/support/support-routes.ts';
import { uploadRoutes } from './routes/upload/upload-routes.ts';
import { userRoutes } from './routes/user/user-routes.ts';
import { watchlistRoutes } from './routes/user/watchlist-routes.ts';
import { SettingsAdmin } from './settings/settings-admin.ts';
import type { SettingsCache } from './settings/settings-cache.ts';
import type { TradingService } from './trading/trading-service.ts';
import type { ImageSealer } from './uploads/sealed-images.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import { scheduleLoanInterest } from './jobs/loan-interest.ts';
import { Identification } from './kyc/kyc.ts';
import { Loans } from './loans/loans.ts';
import { kycRoutes } from './routes/kyc/kyc-routes.ts';
import type { TestClock } from './jobs/test-clock.ts';
import { runPlanAccrual, schedulePlanAccrual } from './jobs/plan-accrual.ts';
import { SmartPlans } from './smart/smart-plans.ts';
import { smartRoutes } from './routes/smart/smart-routes.ts';
import { smartAdminRoutes } from './routes/smart/smart-admin-routes.ts';
import { clockRoutes } from './routes/dev/clock-routes.ts';
import { loanRoutes } from './routes/loans/loan-routes.ts';
import type { LiveFabric } from './live/live-fabric.ts';
import type { TopicProvider } from './live/topic-provider.ts';
import { nftPublisher, nftTopics } from './live/providers/nft-topics.ts';
import { NftAuctions } from './nfts/nft-auctions.ts';
import { SEED_CHARITIES } from './nfts/seed-catalogue.ts';
import { runAuctionClose, scheduleAuctionClose } from './jobs/auction-close.ts';
import { nftRoutes } from './routes/nfts/nft-routes.ts';
import { nftAdminRoutes } from './routes/nfts/nft-admin-routes.ts';

/** The API scope the modules register their routes on (zod schemas for params, bodies and answers). */
type ApiScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The node's core, built once by `registerApi`: what a module may use. */
export interface ApiCore {
  db: Database;
  settings: SettingsCache;
  market: MarketService;
  trading: TradingService;
  reviews: ReviewService;
  balances: BalanceEvents;
  /** Tells a user's open pages which of their queries to read again (after a domain's commit; every node). */
  notifyUser: NotifyUser;
  accounts: AccountsContext;
  operators: OperatorService;
  gate: OperatorGate;
  /** The node's scheduler: a product's due work is a job here (jobs/). */
  scheduler: Scheduler;
  /** Seals identity photos and signatures at rest (uploads/sealed-images.ts). */
  sealer: ImageSealer;
  now: () => number;
  /** A test site's movable clock of the day-counted products (null on every real site). */
  testClock: TestClock | null;
  /** The nodes' message fabric (a domain's live topics publish on it). */
  fabric: LiveFabric;
  /** A domain's public live topics: a module adds its provider; the live server serves them. */
  liveProviders: TopicProvider[];
  /** On a test site, the due work the moved clock runs at once (a module adds its job's run). */
  testClockJobs: (() => Promise<unknown>)[];
  options: ApiOptions;
}

/** One domain's calls: a name and what it registers (its route plugins, with the core services they use). */
export interface ApiModule {
  name: string;
  register(api: ApiScope, core: ApiCore): Promise<void>;
}

/**
 * Every module of the API, in registration order. A new product adds its row here (see docs/feature-template.md):
 * its routes come from its endpoint declarations in @meridian/contracts and call its domain's services.
 */
export const API_MODULES: readonly ApiModule[] = [
  {
    name: 'content',
    register: async (api, { db, settings }) => {
      await api.register(indexRoutes, { db, settings });
    },
  },
  {
    name: 'market',
    register: async (api, { market }) => {
      await api.register(marketRoutes, { market });
    },
  },
  {
    name: 'support',
    register: async (api, { db, reviews }) => {
      await api.register(supportRoutes, { db, reviews });
    },
  },
  {
    name: 'uploads',
    register: async (api, { db, sealer }) => {
      await api.register(uploadRoutes, { db, sealer });
    },
  },
  {
    name: 'accounts',
    register: async (api, { accounts, trading, options }) => {
      await api.register(loginRoutes, { ctx: accounts });
      await api.register(walletRoutes, { ctx: accounts });
      await api.register(socialRoutes, { ctx: accounts, providers: options.socialProviders ?? [] });
      await api.register(userRoutes, { ctx: accounts, trading });
    },
  },
  {
    name: 'trading',
    register: async (api, { trading, db, market }) => {
      await api.register(orderRoutes, { trading });
      await api.register(watchlistRoutes, { db, market });
    },
  },
  {
    name: 'funding',
    register: async (api, { db, reviews, settings, balances, notifyUser, now, accounts, options }) => {
      const deposits = new Deposits(db, reviews, settings, balances, notifyUser);
      await api.register(fundingRoutes, { db, deposits, settings, now });
      const links = new WalletLinks({
        db,
        mailer: accounts.mailer,
        siteOrigin: accounts.siteOrigin,
        holdSeconds: options.walletHoldSeconds ?? WALLET_LINK_HOLD_SECONDS,
        notifyUser,
        now,
      });
      const withdrawals = new Withdrawals(db, reviews, settings, links, balances, notifyUser, now);
      const { mailer, limitScale } = accounts;
      await api.register(withdrawalRoutes, { db, withdrawals, links, mailer, limitScale, now });
      await api.register(walletCancelRoutes, { links, limitScale });
    },
  },
  {
    name: 'exchange',
    register: async (api, { db, settings, market, balances, notifyUser, now, options }) => {
      const flashExchange = new FlashExchange(db, settings, marketUsdPrices(market), now, options.exchangeQuoteMs);
      await api.register(exchangeRoutes, { db, flashExchange, balances, notifyUser, now });
    },
  },
  {
    name: 'loans',
    register: async (api, { db, reviews, settings, balances, notifyUser, now, sealer, scheduler }) => {
      const identification = new Identification(db, reviews, sealer, notifyUser, now);
      const loans = new Loans(db, reviews, settings, identification, sealer, balances, notifyUser, now);
      scheduleLoanInterest(scheduler, db, loans, api.log);
      await api.register(kycRoutes, { db, identification });
      await api.register(loanRoutes, { db, loans, now });
    },
  },
  {
    name: 'smart',
    register: async (api, { db, settings, balances, notifyUser, now, testClock, scheduler, gate, testClockJobs }) => {
      // The plans count days on the test site's movable clock when there is one.
      const plans = new SmartPlans(db, settings, balances, notifyUser, testClock?.now ?? now);
      schedulePlanAccrual(scheduler, plans, api.log);
      await api.register(smartRoutes, { db, plans, now });
      await api.register(smartAdminRoutes, { plans, gate });
      // A test site's clock: moved forward, the plans' due days are booked at once (a run beside the job's is safe).
      testClockJobs.push(() => runPlanAccrual(plans, api.log));
    },
  },
  {
    name: 'nfts',
    register: async (api, { db, balances, notifyUser, now, testClock, scheduler, gate, fabric, liveProviders, testClockJobs }) => {
      const publish = nftPublisher(fabric, (error) => api.log.error({ err: error }, 'live: an auction frame could not be published'));
      // The auctions end on the test site's movable clock when there is one.
      const auctions = new NftAuctions(db, balances, notifyUser, publish, testClock?.now ?? now);
      await auctions.seedCatalogue(SEED_CHARITIES);
      scheduleAuctionClose(scheduler, auctions, api.log);
      liveProviders.push(nftTopics((id) => auctions.viewOf(id)));
      await api.register(nftRoutes, { db, auctions, now });
      await api.register(nftAdminRoutes, { auctions, gate });
      testClockJobs.push(() => runAuctionClose(auctions, api.log));
    },
  },
  {
    name: 'test clock',
    register: async (api, { testClock, testClockJobs }) => {
      if (!testClock) return;
      await api.register(clockRoutes, {
        clock: testClock,
        runJobs: async () => {
          for (const run of testClockJobs) await run();
        },
      });
    },
  },
  {
    name: 'dev',
    register: async (api, { accounts, options }) => {
      if (options.devOutbox) await api.register(outboxRoutes, { mailer: accounts.mailer });
    },
  },
  {
    name: 'back-office',
    register: async (api, { db, gate, operators, reviews, balances, notifyUser, settings, now, sealer }) => {
      await api.register(adminRoutes, {
        ctx: {
          db,
          sealer,
          gate,
          operators,
          reviews,
          corrections: new Corrections(db, reviews, balances, notifyUser),
          settings: new SettingsAdmin(db, settings, now),
          customers: new CustomerDirectory(db, reviews),
          content: new ContentAdmin(db, now),
        },
      });
    },
  },
];
