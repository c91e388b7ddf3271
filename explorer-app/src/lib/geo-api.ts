import { queryOptions } from '@tanstack/react-query';
import { getQuery } from './api.ts';

export const geoQueries = {
  /** The address of a point (a map click, the device location); a point's address does not change. */
  address: (point: { lat: number; lng: number }) =>
    queryOptions({
      ...getQuery('/geo/reverse', { query: { lat: point.lat, lng: point.lng } }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
