import { useCallback, useEffect, useRef, useState } from 'react';
import { type Coordinates, type LocationProblem, trackPosition } from '../../lib/geolocation.ts';

/**
 * Live tracking on the quest in progress (docs/product-rules/maps-and-location.md#live-tracking): off until
 * started, a continuous position watch while on, turned off by Stop, by leaving the page, or by an error
 * (logged and reported).
 */
export function useLiveTracking() {
  const [tracking, setTracking] = useState(false);
  const [fix, setFix] = useState<Coordinates | null>(null);
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  const stopWatch = useRef<(() => void) | null>(null);

  const stop = useCallback(() => {
    stopWatch.current?.();
    stopWatch.current = null;
    setTracking(false);
    setFix(null);
  }, []);

  const start = useCallback(() => {
    stopWatch.current?.();
    setProblem(null);
    setTracking(true);
    let failed = false;
    const clear = trackPosition(setFix, (reason) => {
      failed = true;
      console.warn('Live location tracking failed:', reason);
      stopWatch.current = null;
      setTracking(false);
      setFix(null);
      setProblem(reason);
    });
    if (!failed) stopWatch.current = clear;
  }, []);

  useEffect(() => () => stopWatch.current?.(), []);

  return { tracking, fix, problem, start, stop };
}
