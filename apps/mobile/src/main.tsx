import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { reloadOnNewBuild, renderWhenReady } from '@carewatch/web/boot';
import { initI18n } from './app/i18n.ts';
import { App } from './app/app.tsx';
import { api } from './app/api.ts';
import { queryClient } from './app/query-client.ts';
import { clearOfflineCache, persistOfflineCache, restoreOfflineCache } from './app/offline-cache.ts';
import { recheckOfflineSession } from '@carewatch/web/queries';
import { loadSignedInShell } from './app/router.tsx';

// `/app` (no slash) is outside the router's basename and the service worker's scope: use `/app/`.
if (window.location.pathname === '/app')
  window.history.replaceState(null, '', `/app/${window.location.search}${window.location.hash}`);

// The signed-in user's last answers (profile, latest values, alerts, SOS contacts) are on the phone: the app opens on
// them offline. Without a stored session they belong to nobody and are dropped.
if (api.tokens.has()) {
  restoreOfflineCache(queryClient);
  // The layout, Home and the SOS button (their own chunks) load while the catalogue and the session do; fetched at
  // every signed-in start, the service worker keeps them cached with the entry, so SOS also starts offline.
  void loadSignedInShell().catch(() => undefined);
} else clearOfflineCache();
persistOfflineCache(queryClient);
window.addEventListener('online', () => recheckOfflineSession(queryClient));

reloadOnNewBuild();

renderWhenReady(initI18n(), <App />);

// Offline start of the app shell (public/sw.js); not under the dev server, where Vite serves modules that change.
// The build mode, not PROD: PROD follows NODE_ENV, which test runners set to 'test' while building the real app.
if (import.meta.env.MODE === 'production' && 'serviceWorker' in navigator) {
  const register = () =>
    void navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
      .catch(() => undefined);
  // After the page's own loading, so the worker's downloads do not compete with it.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
