// Meridian's service worker: it keeps only immutable files (versioned artifacts, crypto icons) for offline
// and fast repeat visits. Pages, /rollout.json, the API and /ws always come from the network, so a
// canary, a promotion or a rollback reaches every installed app at its next load.
const CACHE = 'meridian-immutable-v1';
const MAX_ENTRIES = 400;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

function cacheable(url) {
  return url.origin === self.location.origin && (url.pathname.startsWith('/artifacts/') || url.pathname.startsWith('/static/crypto/'));
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(key);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!cacheable(url)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok && response.type !== 'opaque') {
        await cache.put(request, response.clone());
        void trim(cache);
      }
      return response;
    }),
  );
});
