import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { geoQueries } from '../../lib/geo-api.ts';
import {
  CACHE_TTL,
  currentLocation,
  readCachedLocation,
  writeCachedLocation,
} from '../../lib/geolocation.ts';

export type ProofLocation =
  | { status: 'locating' }
  | { status: 'located'; lat: number; lng: number; address: string | null; resolving: boolean }
  | { status: 'unavailable' }
  | { status: 'unsupported' };

/**
 * Where the explorer is while submitting proof: the device location (session cache 1 hour,
 * docs/product-rules/maps-and-location.md#device-location) and its address, reverse geocoded through the API
 * and kept in the same cache. Without an address the page shows the raw coordinates.
 */
export function useProofLocation(): ProofLocation {
  const queryClient = useQueryClient();
  const [location, setLocation] = useState<ProofLocation>({ status: 'locating' });
  useEffect(() => {
    let active = true;
    const cached = readCachedLocation(CACHE_TTL.device);
    if (cached?.address) {
      const { lat, lng, address } = cached;
      setLocation({ status: 'located', lat, lng, address, resolving: false });
      return;
    }
    void (async () => {
      const { location: fix, problem } = await currentLocation({ maxAgeMs: CACHE_TTL.device });
      if (!active) return;
      if (problem) {
        setLocation({ status: problem === 'unsupported' ? 'unsupported' : 'unavailable' });
        return;
      }
      const point = { lat: fix.lat, lng: fix.lng };
      setLocation({ status: 'located', ...point, address: null, resolving: true });
      let address: string | null = null;
      try {
        address = (await queryClient.fetchQuery(geoQueries.address(point))).displayName || null;
        if (address) writeCachedLocation({ address, ...point, source: 'gps' });
      } catch (error) {
        console.warn('Reverse geocoding failed:', error);
      }
      if (active) setLocation({ status: 'located', ...point, address, resolving: false });
    })();
    return () => {
      active = false;
    };
  }, [queryClient]);
  return location;
}
