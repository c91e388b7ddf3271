import type { modals as Modals } from '@mantine/modals';
import { lazy, Suspense, useEffect } from 'react';

// Mantine's modal, its focus trap and scroll lock load beside the first screen instead of inside it: callers use
// `modals.open…` from @mantine/modals, whose calls reach this host through window events.
const LazyModalsProvider = lazy(() =>
  import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })),
);

// Whether a host listens now, and who waits for one. A call made before the host listens is an event nobody
// hears: the dialog would never open (a click in the first moments after a page loads, or on a loaded machine).
let listening = false;
const waiting: (() => void)[] = [];

/** Marks the host as listening once the provider's own listeners are in place (they subscribe in layout effects). */
function Listening() {
  useEffect(() => {
    listening = true;
    for (const resume of waiting.splice(0)) resume();
    return () => {
      listening = false;
    };
  }, []);
  return null;
}

/** Where an SPA's confirm dialogs render; mount once inside MantineProvider. */
export function ModalsHost() {
  return (
    <Suspense fallback={null}>
      <LazyModalsProvider>
        <Listening />
      </LazyModalsProvider>
    </Suspense>
  );
}

/** Opens a dialog through @mantine/modals once the host listens, loading the modals module when needed. */
export async function withModals(open: (modals: typeof Modals) => void): Promise<void> {
  const { modals } = await import('@mantine/modals');
  if (!listening) await new Promise<void>((resume) => waiting.push(resume));
  open(modals);
}
