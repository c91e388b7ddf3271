export { type AccountCache, createAccountCache } from './account-cache.ts';
export { authHandlers } from './auth-routes.ts';
export { createAuthenticate } from './authenticate.ts';
export { revokeAllSessions } from './sessions.ts';
export { createTokenService, type TokenService } from './tokens.ts';
export { resetForUser as resetUserTwoFactor } from './two-factor-service.ts';
