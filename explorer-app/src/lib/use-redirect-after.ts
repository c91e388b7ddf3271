import { useEffect } from 'react';

/** The "... then after 2 s goes to ..." delays (docs/product-rules/explorer-screens.md#redirect-delays); cancelled when the screen goes away. */
export function useRedirectAfter(active: boolean, ms: number, go: () => void) {
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(go, ms);
    return () => window.clearTimeout(timer);
  }, [active, ms, go]);
}

export const REDIRECT_DELAY_MS = 2000;
