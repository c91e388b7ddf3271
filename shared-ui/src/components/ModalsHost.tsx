import { lazy, Suspense } from 'react';

// Mantine's modal, its focus trap and scroll lock load beside the first screen instead of inside it: callers use
// `modals.open…` from @mantine/modals, whose calls reach this host through window events.
const LazyModalsProvider = lazy(() =>
  import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })),
);

/** Where an SPA's confirm dialogs render; mount once inside MantineProvider. */
export function ModalsHost() {
  return (
    <Suspense fallback={null}>
      <LazyModalsProvider />
    </Suspense>
  );
}
