import { Center, Loader } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const ROUTE_SPINNER_MS = 300;

/** docs/product-rules/explorer-screens.md#route-change: a spinner for 300 ms on every route change, then a smooth scroll to top. */
export function RouteTransition() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Read at the first render: a client-only app has the media query at hand, and a value set in an effect would
  // render this component again as the page appears.
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [visible, setVisible] = useState(false);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void pathname;
    setVisible(true);
    const timer = window.setTimeout(() => {
      setVisible(false);
      window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' });
    }, ROUTE_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, reducedMotion]);

  if (!visible) return null;
  return (
    <Center
      role="status"
      aria-label={t('common.loading')}
      pos="fixed"
      top={64}
      left={0}
      right={0}
      bottom={0}
      style={{ zIndex: 90, background: 'color-mix(in srgb, var(--mantine-color-body) 70%, transparent)' }}
    >
      <Loader />
    </Center>
  );
}
