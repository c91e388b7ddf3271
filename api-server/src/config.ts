/**
 * The configuration's module path for the rest of the server; the definition and its loader live in config/
 * (definition.ts: every variable with its description and default).
 */
export type {
  AppConfig,
  BucketConfig,
  GeoConfig,
  MailTransport,
  QuotaConfig,
  TrustProxy,
} from './config/app-config.ts';
export { ConfigError } from './config/config-error.ts';
export { apiRootOf, loadConfig } from './config/load-config.ts';
export { bucketAddress } from './config/storage-url.ts';
