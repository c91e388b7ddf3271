export { geoHandlers } from './geo-routes.ts';
export { createGeoService, type GeoService } from './geo-service.ts';
export { providerError } from './provider-client.ts';
