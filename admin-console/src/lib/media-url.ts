import { getConfig } from './config.ts';

/**
 * Uploaded files come as server paths (/uploads/...). The API may live on another origin than the console, so a
 * path is resolved against the API's origin when the configured base URL is absolute.
 */
export function mediaUrl(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const base = getConfig().apiBaseUrl;
  if (!/^https?:\/\//.test(base)) return path;
  return new URL(path, base).toString();
}
