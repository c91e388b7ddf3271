/** A setting the server cannot start with; server.ts prints its message and exits non-zero. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
