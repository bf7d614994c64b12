/* global self, caches, Response, MessageChannel */
// CareWatch patient app service worker: caches the app shell so the app starts offline.
// API calls (/api/) are never cached: health data always comes from the server (or not at all).
const CACHE = 'cw-app-shell-v2';
const SCOPE = new URL(self.registration.scope).pathname; // '/app/'
const SHELL = [
  SCOPE,
  `${SCOPE}manifest.webmanifest`,
  `${SCOPE}icon.svg`,
  `${SCOPE}icon-192.png`,
  `${SCOPE}icon-512.png`,
];

/**
 * The built files a page names plus every other file of its build (the screens loaded on first use, listed by the
 * build in precache.json) that are not cached yet. A file that fails is tried once more (a dropped connection), then
 * left to be cached on first use.
 */
async function precacheBuild(cache, html) {
  const assets = [...html.matchAll(/(?:src|href)="([^"]+\/assets\/[^"]+)"/g)].map((m) => m[1]);
  try {
    const listed = await (await fetch(`${SCOPE}precache.json`, { cache: 'no-store' })).json();
    for (const f of listed) assets.push(`${SCOPE}${f}`);
  } catch {
    /* an older build without the list: those files are cached on first use */
  }
  let missing = [];
  for (const url of new Set(assets)) if (!(await cache.match(url))) missing.push(url);
  for (let attempt = 0; attempt < 2 && missing.length > 0; attempt++) {
    const results = await Promise.allSettled(missing.map((url) => cache.add(url)));
    missing = missing.filter((_, i) => results[i].status === 'rejected');
  }
}

/** The page, the icons and the whole build, so even a first visit can later start offline. Only the page is required. */
async function cacheShell() {
  const cache = await caches.open(CACHE);
  await cache.add(SCOPE);
  const html = await (await cache.match(SCOPE)).text();
  await Promise.allSettled(SHELL.slice(1).map((url) => cache.add(url)));
  await precacheBuild(cache, html);
}

/**
 * The page as just served, kept for offline starts. When it differs from the kept one (a new build: the worker itself
 * is unchanged, so it is not installed again), that build's files are cached now: the screens the app loads on first
 * use, SOS among them, then open offline although they were never opened online.
 */
async function refreshShell(response) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(SCOPE);
  const before = kept ? await kept.text() : '';
  const html = await response.clone().text();
  await cache.put(SCOPE, response);
  if (html !== before) await precacheBuild(cache, html);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('cw-app-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || !url.pathname.startsWith(SCOPE))
    return;

  if (request.mode === 'navigate') {
    // Pages: the network first (a new build shows at once), the cached shell when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) event.waitUntil(refreshShell(response.clone()).catch(() => undefined));
          return response;
        })
        .catch(() => caches.match(SCOPE).then((cached) => cached || Response.error())),
    );
    return;
  }

  // Built assets have hashed names (immutable): the cache first, filled on first use.
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});

// Background Sync: the connection is back. What waits (an SOS, readings) is sent by the open app, which holds the
// session: ask it, and fail the sync (the browser retries it later) when no app answered that everything went.
function askClients(tag) {
  return self.clients
    .matchAll({ type: 'window' })
    .then((list) => {
      if (list.length === 0) throw new Error('no open app');
      return Promise.all(
        list.map(
          (c) =>
            new Promise((resolve) => {
              const channel = new MessageChannel();
              const timer = setTimeout(() => resolve(false), 20000);
              channel.port1.onmessage = (e) => {
                clearTimeout(timer);
                resolve(Boolean(e.data && e.data.ok));
              };
              c.postMessage({ type: 'cw-sync', tag }, [channel.port2]);
            }),
        ),
      );
    })
    .then((answers) => {
      if (!answers.some(Boolean)) throw new Error('not sent yet');
    });
}

self.addEventListener('sync', (event) => {
  if (typeof event.tag === 'string' && event.tag.startsWith('cw-')) event.waitUntil(askClients(event.tag));
});

// Web push (alerts to the patient and their followers): the server sends { title, body, alertId, tag } encrypted.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'CareWatch';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: `${SCOPE}icon-192.png`,
      badge: `${SCOPE}icon-192.png`,
      // A dose reminder opens the Medication tab, where the dose is answered.
      data: { url: data.alertId ? `${SCOPE}alerts` : data.type === 'medication' ? `${SCOPE}medication` : SCOPE },
      requireInteraction: data.type === 'sos',
    }),
  );
});

// A tap on the notification opens (or focuses) the app on the Alerts tab.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data && event.notification.data.url) || SCOPE;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      for (const c of list) {
        if (new URL(c.url).pathname.startsWith(SCOPE) && 'focus' in c) {
          void c.navigate(target);
          return c.focus();
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
