import { apiKey, unwrap } from '@cityquest/web-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

// Fallback messages: docs/product-rules/messages.md#explorer-app-fallbacks.
export const geoQueries = {
  /** The address of a point (a map click, the device location); a point's address does not change. */
  address: (point: { lat: number; lng: number }) =>
    queryOptions({
      queryKey: apiKey('/geo/reverse', { query: { lat: point.lat, lng: point.lng } }),
      queryFn: () =>
        unwrap(
          api().GET('/geo/reverse', { params: { query: { lat: point.lat, lng: point.lng } } }),
          'Failed to fetch address',
        ),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
