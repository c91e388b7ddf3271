import { isIP } from 'node:net';
import type { TrustProxy } from './app-config.ts';
import { ConfigError } from './config-error.ts';

/** proxy-addr's names for whole address classes, accepted by Fastify's trustProxy beside addresses and CIDRs. */
const PROXY_ADDRESS_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or 0 = X-Forwarded-For is ignored; a number = that many proxies in front (the client is
 * that many entries from the end of X-Forwarded-For); otherwise the proxies' addresses or CIDR ranges.
 * `true` is refused: it would believe X-Forwarded-For from any client and reset every per-IP limit.
 */
export function readTrustProxy(value: string | undefined): TrustProxy {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw.toLowerCase() === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would take X-Forwarded-For from any client; give the number of proxies in front of the ' +
        "server (e.g. 1) or the proxies' addresses (e.g. 10.0.0.5,10.0.1.0/24)",
    );
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new ConfigError(
      `TRUST_PROXY: '${wrong}' is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
    );
  return entries;
}
