/**
 * Background Sync (where the browser has it, e.g. Chromium): the service worker's `sync` event fires when the
 * connection returns, even if the page has not noticed yet, and asks the open app to send what waits (the app holds
 * the session; public/sw.js). The browser retries the sync later when no app answered that everything went.
 */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

export function requestBackgroundSync(tag: string): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((reg) => (reg as SyncRegistration).sync?.register(tag))
    .catch(() => undefined);
}

const handlers = new Map<string, () => Promise<boolean>>();
let listening = false;

/** Answers the worker's `{type: 'cw-sync', tag}` messages with whether everything under `tag` was sent. */
export function onBackgroundSync(tag: string, handler: () => Promise<boolean>): () => void {
  handlers.set(tag, handler);
  if (!listening && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    listening = true;
    navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
      const d = e.data as { type?: unknown; tag?: unknown } | null;
      if (d?.type !== 'cw-sync' || typeof d.tag !== 'string') return;
      const port = e.ports[0];
      const h = handlers.get(d.tag);
      if (!h) {
        port?.postMessage({ ok: false });
        return;
      }
      void h().then(
        (ok) => port?.postMessage({ ok }),
        () => port?.postMessage({ ok: false }),
      );
    });
  }
  return () => {
    if (handlers.get(tag) === handler) handlers.delete(tag);
  };
}
