import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * The address per-address limits count (the per-address quotas, the per-IP auth rate limit): request.ip (which
 * follows X-Forwarded-For only as far as TRUST_PROXY allows), with an IPv6 client counted by its /64 network,
 * since one subscriber commonly holds a whole /64 and could otherwise take a fresh address for every request.
 */
export function clientAddress(request: Pick<FastifyRequest, 'ip'>): string {
  if (!ipaddr.isValid(request.ip)) return request.ip;
  const address = ipaddr.process(request.ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}
