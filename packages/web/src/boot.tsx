import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * After a new build, the chunks of the build this page started with are gone: a screen opened for the first time
 * then fails to load. Reload onto the new build instead (at most once a minute: never a loop).
 */
export function reloadOnNewBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const key = 'cw.reloadedForNewBuild';
    if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return;
    sessionStorage.setItem(key, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}

/** Renders the app into #root once `ready` resolves (the language's catalogue: no flash of untranslated keys). */
export function renderWhenReady(ready: Promise<void>, app: ReactNode): void {
  void ready.then(() => {
    const root = document.getElementById('root');
    if (!root) return;
    // A transition: React renders the first screen in slices of a few milliseconds, so the main thread answers input
    // (and the browser paints) between them instead of blocking for the whole tree.
    startTransition(() => createRoot(root).render(<StrictMode>{app}</StrictMode>));
  });
}
