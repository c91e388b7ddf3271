import { type ComponentType, useEffect, useState } from 'react';

/**
 * Registers the service worker (docs/product-rules/offline-play.md#installing-the-app) from its own chunk, loaded after
 * the first render: the registration and its prompt stay out of the entry bundle
 * (docs/ops/performance.md#budgets-and-the-latest-figures), and workbox-window waits for the page's load event before
 * registering. Production builds only: `vite dev` and the tests run without a service worker.
 */
export function LazyAppUpdate() {
  const [AppUpdate, setAppUpdate] = useState<ComponentType>();
  useEffect(() => {
    if (import.meta.env.PROD)
      void import('./app-update.tsx').then((module) => setAppUpdate(() => module.AppUpdate));
  }, []);
  return AppUpdate ? <AppUpdate /> : null;
}
