import { twoFactor } from '../../lib/auth-api.ts';

/** Two-factor sign-in of the signed-in explorer: the one API both apps share (see configureTwoFactor). */
export const {
  twoFactorQueries,
  useStartTwoFactorSetup,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useDisableTwoFactor,
} = twoFactor;
