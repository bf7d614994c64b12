import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page loaded on first use: its module, and whatever only it imports (charts, calendars, QR codes), becomes a chunk
 * of its own, out of the first load. Rendered inside a <Suspense> (the layout's around the page, or the app's).
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
