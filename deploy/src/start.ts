import { join } from 'node:path';
import { buildParts, FRONTEND_PARTS, inputsHash, repoRoot } from '@meridian/build';
import { RELEASABLE_PARTS } from '@meridian/contracts';
import {
  PayoutAddressError,
  TickerFeed,
  breakGlassFromEnv,
  liveFabricFromEnv,
  openDatabase,
  payoutAddressesFromEnv,
  redisFromEnv,
  seedDatabase,
  socialProvidersFromEnv,
  UploadKeyError,
  uploadKeyFromEnv,
} from '@meridian/api';
import { readFileSync, writeFileSync } from 'node:fs';
import { devOutboxFromEnv, exchangeQuoteFromEnv, walletHoldFromEnv } from './dev-outbox.ts';
import { ArtifactStore } from './registry/artifact-store.ts';
import { RolloutStore } from './registry/rollout-store.ts';
import { buildSiteServer } from './server/site-server.ts';
import { parseTrustProxy } from './server/client-network.ts';

/**
 * `npm start`: builds what changed, publishes each remote build to the local registry as an
 * immutable version and makes it stable, then serves the whole site on one port.
 */
const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.MERIDIAN_DATA_DIR ?? join(repoRoot, '.data');
const env = process.env.MERIDIAN_ENV ?? 'production';
const skipBuild = process.argv.includes('--no-build');

// The platform's payout wallets, checked before anything else: production needs both configured and
// none whose key is public; development uses addresses made once for this data folder (README).
const payout = (() => {
  try {
    return payoutAddressesFromEnv(process.env, { dataDir });
  } catch (error) {
    if (!(error instanceof PayoutAddressError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
// The key identity photos and signatures are encrypted under (MERIDIAN_UPLOAD_KEY; production needs it).
const uploadKey = (() => {
  try {
    return uploadKeyFromEnv(process.env, { dataDir }).key;
  } catch (error) {
    if (!(error instanceof UploadKeyError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
if (payout.development) console.log(`Development payout addresses (not a real payout wallet): ${payout.ethereum}, ${payout.tron}`);

if (!skipBuild) await buildParts(FRONTEND_PARTS);

const isLocalBuild = (version: string) => version.includes('+');

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: join(dataDir, 'db') });
await seedDatabase(database.db, { payout });
const artifacts = new ArtifactStore(join(dataDir, 'artifacts'));
const rollouts = await RolloutStore.open(database.client);
for (const remote of RELEASABLE_PARTS) {
  const pkg = JSON.parse(readFileSync(join(repoRoot, remote, 'package.json'), 'utf8')) as { version: string };
  // A local build is published as <package version>+<inputs digest>: a changed build is a new version.
  const version = `${pkg.version}+${inputsHash(remote)}`;
  const record = artifacts.record(remote, version) ?? artifacts.publish(remote, version, join(repoRoot, remote, 'dist'));
  // A new local build replaces a local build as stable; a release engineer's version or a running
  // canary is left as it is.
  const current = (await rollouts.read(env)).remotes[remote];
  if (!current || (isLocalBuild(current.stable) && !current.canary)) await rollouts.setStable(env, remote, version, record.integrity);
}

// The built-in simulator feeds prices unless a provider's mini-ticker stream is named (README: switching the feed).
const feedUrl = process.env.MERIDIAN_FEED_URL?.trim();
const marketSeed = Number.parseInt(process.env.MERIDIAN_MARKET_SEED ?? '', 10);

// Several nodes keep their abuse limits together in Redis (REDIS_URL); one node keeps them in memory.
const limitsRedis = await redisFromEnv(process.env);
const breakGlass = breakGlassFromEnv(process.env);
const app = await buildSiteServer({
  api: {
    db: database.db,
    siteOrigin: process.env.SITE_ORIGIN ?? `http://localhost:${port}`,
    // MERIDIAN_ADMIN_TOKEN is automation's break-glass token (roles: MERIDIAN_ADMIN_TOKEN_ROLES, `release` by default).
    operatorToken: breakGlass.token,
    operatorTokenRoles: breakGlass.roles,
    // Mail goes out over SMTP when MERIDIAN_SMTP_URL is set; otherwise into the outbox folder,
    // readable at /api/dev/outbox only when MERIDIAN_DEV_OUTBOX=1 (never with NODE_ENV=production).
    mail: { outboxDir: join(dataDir, 'outbox'), smtpUrl: process.env.MERIDIAN_SMTP_URL, from: process.env.MERIDIAN_MAIL_FROM },
    devOutbox: devOutboxFromEnv(process.env),
    // A test site's movable clock of the plans (MERIDIAN_TEST_CLOCK=1; never with NODE_ENV=production).
    testClock: process.env.MERIDIAN_TEST_CLOCK === '1' && process.env.NODE_ENV !== 'production',
    uploadKey,
    ...walletHoldFromEnv(process.env),
    ...exchangeQuoteFromEnv(process.env),
    socialProviders: socialProvidersFromEnv(process.env),
    rateLimitScale: Number(process.env.MERIDIAN_RATE_LIMIT_SCALE ?? 1) || 1,
    limitsRedis,
    // Several API nodes share the live connection's fan-out and the market feed through Redis (REDIS_URL).
    fabric: await liveFabricFromEnv(process.env),
    ...(feedUrl
      ? {
          feed: (catalogue) =>
            new TickerFeed({ url: feedUrl, instruments: catalogue.all, onError: (error) => console.warn('market feed:', String(error)) }),
        }
      : {}),
    ...(Number.isSafeInteger(marketSeed) ? { marketSeed } : {}),
  },
  artifacts,
  rollouts,
  env,
  logger: process.env.MERIDIAN_LOG !== 'silent',
  trustProxy: parseTrustProxy(process.env.MERIDIAN_TRUST_PROXY),
  telemetrySecret: process.env.MERIDIAN_TELEMETRY_SECRET,
  limitsRedis,
});
const close = async () => {
  await app.close();
  limitsRedis?.disconnect();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`Meridian is running on http://localhost:${port}`);

// First run: no operator yet. The first admin's one-time set-up link is printed (never a default password).
const setupLink = await app.operators.ensureFirstAdmin();
if (setupLink) {
  console.log(
    [
      '',
      'No operator has been set up yet. Open this one-time link to create the first admin',
      '(choose a password and enrol an authenticator app); it works once, for 72 hours:',
      '',
      `  ${setupLink}`,
      '',
      'Then invite operators from /admin; release engineers sign the CLI in with `npm run release -- login`.',
      '',
    ].join('\n'),
  );
  if (process.env.MERIDIAN_SETUP_LINK_FILE) writeFileSync(process.env.MERIDIAN_SETUP_LINK_FILE, `${setupLink}\n`, { mode: 0o600 });
}
