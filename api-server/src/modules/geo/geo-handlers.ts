import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { apiUsage } from './api-usage.ts';

export function geoHandlers(ctx: AppContext) {
  return {
    async reverseGeocode(request) {
      const { user } = currentAuth(request);
      const data = await ctx.geo.reverse(user.id, request.query.lat, request.query.lng);
      return { message: 'Address found', data };
    },
    async searchPlaces(request) {
      const { user } = currentAuth(request);
      const data = await ctx.geo.searchPlaces(user.id, request.query.q, request.query.country ?? 'IN');
      return { message: 'Places found', data };
    },
    async getDirections(request) {
      const { origin, destination, waypoints } = request.query;
      const { user } = currentAuth(request);
      const data = await ctx.geo.directions(user.id, origin, destination, waypoints);
      return { message: 'Route found', data };
    },
    async getApiUsage(request) {
      const data = await apiUsage(ctx.db, request.query.days ?? 30);
      return { message: 'API usage fetched', data };
    },
  } satisfies Handlers;
}
