import { configureTwoFactor } from '@cityquest/web-client';
import { api } from '../../lib/api.ts';
import { auth } from '../../lib/auth-api.ts';

// Only the settings screens manage the second factor, so it stays out of the entry bundle.
const twoFactor = configureTwoFactor({ api, auth });

/** Two-factor sign-in of the signed-in explorer: the one API both apps share (see configureTwoFactor). */
export const {
  twoFactorQueries,
  useStartTwoFactorSetup,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useDisableTwoFactor,
} = twoFactor;
