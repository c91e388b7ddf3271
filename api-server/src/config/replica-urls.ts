import { ConfigError } from './config-error.ts';

/** DATABASE_REPLICA_URL: one or more postgres:// addresses, comma-separated; replicas of a DATABASE_URL only. */
export function readReplicaUrls(list: string | undefined, primaryUrl: string | undefined): string[] {
  const urls = (list ?? '')
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
  if (urls.length === 0) return [];
  if (!primaryUrl) {
    throw new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replicas');
  }
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/[^/]/.test(url)) {
      throw new ConfigError('DATABASE_REPLICA_URL must list postgres:// URLs, separated by commas');
    }
  }
  return urls;
}
