import type { FastifyBaseLogger } from 'fastify';
import type { GeoConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-error.ts';

export type Provider = 'geocoder' | 'places' | 'router';

const PROVIDER_LABEL: Record<Provider, string> = {
  geocoder: 'The geocoding service',
  places: 'The place search service',
  router: 'The routing service',
};

/** 502: a provider failed or gave no usable answer (the contract's BadGateway). */
export const providerError = (message: string) => new HttpError(502, message);

export const unavailable = (provider: Provider) =>
  providerError(`${PROVIDER_LABEL[provider]} is unavailable right now. Please try again later.`);

export const unexpectedAnswer = (provider: Provider) =>
  providerError(`${PROVIDER_LABEL[provider]} gave an unexpected answer. Please try again later.`);

export const timedOut = (provider: Provider) =>
  providerError(`${PROVIDER_LABEL[provider]} did not answer in time. Please try again later.`);

export type ProviderAnswer = { status: number; body: unknown };

export type ProviderClient = (provider: Provider, url: URL) => Promise<ProviderAnswer>;

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * GET a provider's JSON with the app's User-Agent and a deadline. Network errors, timeouts and bodies that
 * are not JSON become 502s; the status is left to the caller because a router answers 'no route' as a 400.
 * `onCall` runs once per request sent, whatever its outcome (usage is counted per provider call).
 */
export function createProviderClient(
  config: GeoConfig,
  log: FastifyBaseLogger,
  onCall: (provider: Provider) => Promise<void>,
): ProviderClient {
  return async (provider, url) => {
    try {
      const response = await fetch(url, {
        headers: { 'User-Agent': config.userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const text = await response.text();
      if (response.status >= 500)
        log.warn({ provider, host: url.host, status: response.status }, 'geo provider error');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (body === undefined && response.ok) throw unexpectedAnswer(provider);
      return { status: response.status, body };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      log.warn({ provider, host: url.host, err: error }, 'geo provider call failed');
      throw isTimeout(error) ? timedOut(provider) : unavailable(provider);
    } finally {
      await onCall(provider);
    }
  };
}

/** The body of a 2xx answer; anything else means the provider is unavailable. */
export function okBody(provider: Provider, answer: ProviderAnswer): unknown {
  if (answer.status < 200 || answer.status > 299) throw unavailable(provider);
  return answer.body;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

export const finiteNumber = (value: unknown): number | undefined => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};
