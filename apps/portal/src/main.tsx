import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n.ts';
import { App } from './app/app.tsx';

// After a new build, the chunks of the build this page started with are gone: a screen opened for the first time
// then fails to load. Reload onto the new build instead (at most once a minute: never a loop).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'cw.reloadedForNewBuild';
  if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

// The first render waits for the language's catalogue (a separate chunk): no flash of untranslated keys.
void initI18n().then(() => {
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
