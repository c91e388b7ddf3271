import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
const ISSUER = 'cityquest';
const AUDIENCE = 'cityquest-api';
const TOKEN_TYPE = 'access';

export type AccessClaims = { userId: string; sessionId: string; role: string };

export type TokenService = {
  signAccessToken(claims: AccessClaims): Promise<string>;
  /** Answers the claims, or null for anything but a valid, unexpired HS256 access token of ours. */
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
  /** Keyed hash of a short code, so a leaked table cannot be brute-forced offline. */
  hashCode(scope: string, code: string): string;
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
      try {
        const { payload } = await jwtVerify(token, await keyReady, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        if (payload.typ !== TOKEN_TYPE || typeof payload.sid !== 'string' || !payload.sub) return null;
        return { userId: payload.sub, sessionId: payload.sid, role: String(payload.role ?? '') };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
    hashCode: (scope, code) => createHmac('sha256', codeKey).update(`${scope}:${code}`).digest('base64url'),
  };
}

export function createRefreshTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
