import { defineConfig, devices } from '@playwright/test';

const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
  ],
};

/** The tag of journeys that run in the quiet project below. */
const QUIET = /@quiet/;

const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** Suites run against the composed production build that `npm test` starts (BASE_URL). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:8080',
    launchOptions: chromium,
    trace: 'off',
    // The site's service worker answers artifact requests from its cache, out of reach of page.route:
    // journeys that fail or slow artifacts need it off. The install journey turns it on for itself.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: QUIET,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      grepInvert: QUIET,
      use: {
        viewport: { width: 390, height: 844 },
        userAgent: MOBILE_UA,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromium,
      },
    },
    // Journeys that time the site's own recovery (a restarted API process) run last, alone on the machine:
    // their limits are the product's timings, not those of a machine shared with another journey's builds.
    {
      name: 'desktop-quiet',
      grep: QUIET,
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
  ],
});
