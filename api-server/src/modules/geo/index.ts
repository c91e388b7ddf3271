export { geoHandlers } from './geo-handlers.ts';
export { createGeoService, type GeoService } from './geo-service.ts';
export { providerError } from './provider-client.ts';
