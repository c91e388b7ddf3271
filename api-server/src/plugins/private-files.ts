import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';
import {
  contentTypeOf,
  isPrivateUploadPath,
  PRIVATE_UPLOAD_KINDS,
  type Storage,
  storedKeyOf,
  UPLOADS_PREFIX,
} from './storage.ts';

const EXPIRES = /^[0-9]{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export const SIGNATURE_REQUIRED = 'This file can only be opened through a signed address';
export const SIGNATURE_INVALID = 'This file address is not valid';
export const SIGNATURE_EXPIRED = 'This file address has expired; reload the page for a new one';
export const FILE_NOT_FOUND = 'File not found';

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export type PrivateFileUrls = {
  /**
   * The address of a stored file as an answer carries it: a private kind's path with `expires` and `signature`
   * appended, any other address unchanged.
   */
  sign(url: string): string;
  /** Whether `signature` was made by sign() for this path and `expires`, and whether that time has passed. */
  check(path: string, expires: string, signature: string): SignatureCheck;
};

export function createPrivateFileUrls(options: {
  secret: string;
  ttlSeconds: number;
  now?: () => number;
}): PrivateFileUrls {
  // A key of its own, so a file signature can never stand in for a token signature or the other way round.
  const key = Buffer.from(
    hkdfSync('sha256', options.secret, Buffer.alloc(0), 'cityquest private file urls v1', 32),
  );
  const now = options.now ?? Date.now;
  const ttl = Math.max(1, Math.floor(options.ttlSeconds));
  // Expiry is rounded up to a step, so the same file gets the same address for a while and browsers can cache
  // it: an address lives between ttl and ttl + step seconds.
  const step = Math.max(1, Math.floor(ttl / 12));
  const mac = (path: string, expires: string) =>
    createHmac('sha256', key).update(`${path}\n${expires}`).digest();

  return {
    sign(url) {
      if (!url.startsWith(UPLOADS_PREFIX) || !isPrivateUploadPath(url.slice(UPLOADS_PREFIX.length)))
        return url;
      const path = url.split('?')[0] ?? url;
      const expires = String(Math.ceil((now() / 1000 + ttl) / step) * step);
      return `${path}?expires=${expires}&signature=${mac(path, expires).toString('base64url')}`;
    },
    check(path, expires, signature) {
      if (!EXPIRES.test(expires) || !SIGNATURE.test(signature)) return 'invalid';
      // Compared as text: base64url decoding ignores the last character's spare bits, so comparing
      // decoded bytes would accept a second spelling of the same signature.
      const given = Buffer.from(signature);
      const expected = Buffer.from(mac(path, expires).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) * 1000 <= now() ? 'expired' : 'valid';
    },
  };
}

function refuse(reply: FastifyReply, statusCode: number, message: string) {
  reply.header('Cache-Control', 'no-store');
  reply.header('X-Content-Type-Options', 'nosniff');
  return sendError(reply, statusCode, message);
}

/**
 * Serves proof photos and report screenshots to holders of an unexpired signed address, and to nobody else,
 * wherever storage keeps them (a local folder or a bucket that is never public for these kinds).
 */
export const privateFilesPlugin = fp(
  async (app: FastifyInstance, opts: { storage: Storage; urls: PrivateFileUrls }) => {
    for (const kind of PRIVATE_UPLOAD_KINDS) {
      app.get<{ Params: { name: string }; Querystring: { expires?: unknown; signature?: unknown } }>(
        `${UPLOADS_PREFIX}${kind}/:name`,
        async (request, reply) => {
          const path = `${UPLOADS_PREFIX}${kind}/${request.params.name}`;
          if (storedKeyOf(path) === undefined) return refuse(reply, 404, FILE_NOT_FOUND);
          const { expires, signature } = request.query;
          if (expires === undefined && signature === undefined) return refuse(reply, 401, SIGNATURE_REQUIRED);
          if (typeof expires !== 'string' || typeof signature !== 'string')
            return refuse(reply, 403, SIGNATURE_INVALID);
          const checked = opts.urls.check(path, expires, signature);
          if (checked === 'invalid') return refuse(reply, 403, SIGNATURE_INVALID);
          if (checked === 'expired') return refuse(reply, 403, SIGNATURE_EXPIRED);
          const data = await opts.storage.read(path);
          if (data === null) return refuse(reply, 404, FILE_NOT_FOUND);
          const maxAge = Math.max(0, Math.floor(Number(expires) - Date.now() / 1000));
          return reply
            .header('Content-Type', contentTypeOf(path))
            .header('Cache-Control', `private, max-age=${maxAge}`)
            .header('X-Content-Type-Options', 'nosniff')
            .header(
              'Content-Security-Policy',
              "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
            )
            .send(data);
        },
      );
    }
  },
);
