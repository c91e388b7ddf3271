export { type AccountCache, createAccountCache } from './account-cache.ts';
export { authHandlers } from './auth-handlers.ts';
export { createAuthenticate } from './authenticate.ts';
export { revokeAllSessions } from './sessions.ts';
export { createTokenService, type TokenService } from './tokens.ts';
