import type { BucketConfig } from './app-config.ts';
import { ConfigError } from './config-error.ts';

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const BUCKET_OPTIONS: ReadonlySet<string> = new Set(['endpoint', 'region', 'pathStyle']);

/** STORAGE_URL: unset or file: keeps files in the local folder; s3: names a bucket (BucketConfig). */
export function readBucket(
  storageUrl: string | undefined,
  awsRegion: string | undefined,
): BucketConfig | undefined {
  const raw = storageUrl?.trim() ?? '';
  if (raw === '' || raw.startsWith('file:')) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`STORAGE_URL must be s3://bucket?endpoint=…&region=… or file:, got '${raw}'`);
  }
  if (url.protocol !== 's3:')
    throw new ConfigError(
      `STORAGE_URL must start with s3:// (or file: for the local folder), got '${url.protocol}'`,
    );
  const bucket = url.hostname;
  if (!BUCKET_NAME.test(bucket))
    throw new ConfigError(
      `STORAGE_URL: '${bucket}' is not a bucket name (3 to 63 lowercase letters, digits, dots, dashes)`,
    );
  const unknown = [...url.searchParams.keys()].find((key) => !BUCKET_OPTIONS.has(key));
  if (unknown !== undefined)
    throw new ConfigError(
      `STORAGE_URL: unknown option '${unknown}' (endpoint, region and pathStyle are known)`,
    );
  const endpoint = url.searchParams.get('endpoint')?.replace(/\/+$/, '') || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    throw new ConfigError(`STORAGE_URL: endpoint must be an http(s) URL, got '${endpoint}'`);
  const pathStyle = url.searchParams.get('pathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError(`STORAGE_URL: pathStyle must be true or false, got '${pathStyle}'`);
  if (Boolean(url.username) !== Boolean(url.password))
    throw new ConfigError(
      'STORAGE_URL: give both the access key and the secret (s3://key:secret@bucket), or neither',
    );
  return {
    bucket,
    endpoint,
    region: url.searchParams.get('region') || awsRegion || 'us-east-1',
    // A custom endpoint is most often MinIO or a local server, which only answer path-style addresses.
    pathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}

/** Where a bucket's objects are read over plain HTTP, for a bucket whose public kinds are readable by anyone. */
export function bucketAddress(bucket: BucketConfig): string {
  if (bucket.endpoint === undefined) return `https://${bucket.bucket}.s3.${bucket.region}.amazonaws.com`;
  if (bucket.pathStyle) return `${bucket.endpoint}/${bucket.bucket}`;
  const endpoint = new URL(bucket.endpoint);
  return `${endpoint.protocol}//${bucket.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
}
