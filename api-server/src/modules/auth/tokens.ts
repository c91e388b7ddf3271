import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Schema } from '@cityquest/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
const ISSUER = 'cityquest';
const AUDIENCE = 'cityquest-api';
const TOKEN_TYPE = 'access';
const CHALLENGE_TYPE = 'two-factor';
/** How long the second step of a two-factor sign-in may follow the password. */
export const CHALLENGE_SECONDS = 5 * 60;
const SEALED_PREFIX = 'v1.';
const UNSUBSCRIBE_TYPE = 'unsubscribe';
/** How long the unsubscribe link of a notification mail works. */
export const UNSUBSCRIBE_DAYS = 90;

export type UnsubscribeClaims = { userId: string; kind: Schema<'NotificationKind'> };
const KINDS: readonly string[] = ['friendRequests', 'questModeration', 'proofDecisions', 'badgesAndLevels'];

export type AccessClaims = { userId: string; sessionId: string; role: string };

export type TokenService = {
  signAccessToken(claims: AccessClaims): Promise<string>;
  /** Answers the claims, or null for anything but a valid, unexpired HS256 access token of ours. */
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
  /** Keyed hash of a short code, so a leaked table cannot be brute-forced offline. */
  hashCode(scope: string, code: string): string;
  /** A signed, 5-minute proof that `userId` gave the right password, which only the second sign-in step takes. */
  signChallenge(userId: string): Promise<{ challenge: string; expiresAt: Date }>;
  /** The user id of a valid, unexpired challenge of ours, or null. */
  verifyChallenge(challenge: string): Promise<string | null>;
  /** The signed token of a notification mail's unsubscribe link: who, which kind of mail, until when. */
  signUnsubscribe(claims: UnsubscribeClaims): Promise<string>;
  /** The claims of a valid, unexpired unsubscribe token of ours, or null. */
  verifyUnsubscribe(token: string): Promise<UnsubscribeClaims | null>;
  /** Encrypts a secret for the database (AES-256-GCM), so a leaked table alone does not give it away. */
  sealSecret(plain: string): string;
  /** The secret sealSecret sealed; throws for anything altered or sealed under another key. */
  openSecret(sealed: string): string;
};

export function createTokenService(secret: string): TokenService {
  // Imported once: jose would otherwise import the raw secret into WebCrypto on every sign and verify.
  const keyReady = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const codeKey = createHash('sha256').update(`codes:${secret}`).digest();
  const sealKey = createHash('sha256').update(`sealed-secrets:${secret}`).digest();
  const verifyOurs = async (token: string, type: string) => {
    try {
      const { payload } = await jwtVerify(token, await keyReady, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      return payload.typ === type && payload.sub ? payload : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  };
  return {
    signAccessToken: async ({ userId, sessionId, role }) =>
      new SignJWT({ sid: sessionId, role, typ: TOKEN_TYPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(await keyReady),
    async verifyAccessToken(token) {
      const payload = await verifyOurs(token, TOKEN_TYPE);
      if (!payload?.sub || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid, role: String(payload.role ?? '') };
    },
    hashCode: (scope, code) => createHmac('sha256', codeKey).update(`${scope}:${code}`).digest('base64url'),
    async signChallenge(userId) {
      const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
      const challenge = await new SignJWT({ typ: CHALLENGE_TYPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await keyReady);
      return { challenge, expiresAt };
    },
    async verifyChallenge(challenge) {
      return (await verifyOurs(challenge, CHALLENGE_TYPE))?.sub ?? null;
    },
    signUnsubscribe: async ({ userId, kind }) =>
      new SignJWT({ typ: UNSUBSCRIBE_TYPE, kind })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${UNSUBSCRIBE_DAYS}d`)
        .sign(await keyReady),
    async verifyUnsubscribe(token) {
      const payload = await verifyOurs(token, UNSUBSCRIBE_TYPE);
      if (!payload?.sub || typeof payload.kind !== 'string' || !KINDS.includes(payload.kind)) return null;
      return { userId: payload.sub, kind: payload.kind as UnsubscribeClaims['kind'] };
    },
    sealSecret(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    openSecret(sealed) {
      if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed secret');
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export function createRefreshTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
