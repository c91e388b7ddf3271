import { needsEnrolment, type TwoFactorSetup, type TwoFactorStatus } from '@cityquest/web-client';
import { twoFactor } from '../lib/auth-api.ts';

export { needsEnrolment, type TwoFactorSetup, type TwoFactorStatus };

/** The signed-in account's two-factor sign-in, read by the route guards and the enrolment screen. */
export const { twoFactorQueries, useStartTwoFactorSetup, useEnableTwoFactor } = twoFactor;
