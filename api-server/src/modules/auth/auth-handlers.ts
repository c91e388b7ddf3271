import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import { adminUserOf, type QuestCountsOf, toUserDto } from '../users/index.ts';
import * as auth from './auth-service.ts';
import { rotateSession } from './sessions.ts';
import * as twoFactor from './two-factor-service.ts';

const sessionDto = (session: auth.Session, files: FileAddresses) => ({
  user: toUserDto(session.user, files),
  accessToken: session.accessToken,
  refreshToken: session.refreshToken,
});

/** `questCounts`: what an admin's view of an account counts, from the domains above users (app.ts). */
export function authHandlers(ctx: AppContext, questCounts: QuestCountsOf) {
  return {
    /** A super admin removes a lost second factor; auth owns the factor and checks the super admin. */
    async resetUserTwoFactor(request) {
      const row = await twoFactor.resetForUser(ctx, currentAuth(request), request.params.id, request.body);
      return { message: 'Two-factor sign-in removed', data: await adminUserOf(ctx, questCounts, row) };
    },
    async registerUser(request) {
      const [avatar] = request.uploads.avatar;
      const [coverImage] = request.uploads.coverImage;
      if (!avatar || !coverImage) throw new Error('multipart rule let a required file through');
      const data = await auth.registerUser(ctx, { ...request.body, avatar, coverImage });
      return {
        statusCode: 201,
        message: 'Registration successful! Please check your email for verification.',
        data,
      };
    },
    async verifyEmail(request) {
      const session = await auth.verifyEmail(ctx, request.body);
      return { message: 'Email verified successfully', data: sessionDto(session, ctx.files) };
    },
    async resendVerificationCode(request) {
      await auth.resendVerificationCode(ctx, request.body.email);
      return { message: 'Verification code sent successfully', data: { email: request.body.email } };
    },
    async loginUser(request) {
      const result = await auth.login(ctx, request.body);
      if ('challenge' in result) {
        return {
          message: 'Enter the code from your authenticator app',
          data: { ...result, expiresAt: result.expiresAt.toISOString() },
        };
      }
      return { message: 'Logged in successfully', data: sessionDto(result, ctx.files) };
    },
    async completeTwoFactorLogin(request) {
      const session = await auth.completeTwoFactorLogin(ctx, request.body);
      return { message: 'Logged in successfully', data: sessionDto(session, ctx.files) };
    },
    async getTwoFactorStatus(request) {
      return {
        message: 'Two-factor sign-in',
        data: await twoFactor.twoFactorStatus(ctx, currentAuth(request).user),
      };
    },
    async startTwoFactorSetup(request) {
      const setup = await twoFactor.startSetup(ctx, currentAuth(request), request.body?.password);
      return { message: 'Scan the code, then enter the first code it shows', data: setup };
    },
    async enableTwoFactor(request) {
      const recoveryCodes = await twoFactor.enable(ctx, currentAuth(request), request.body.code);
      return { message: 'Two-factor sign-in is on', data: { recoveryCodes } };
    },
    async regenerateRecoveryCodes(request) {
      const recoveryCodes = await twoFactor.regenerateRecoveryCodes(ctx, currentAuth(request), request.body);
      return { message: 'New recovery codes', data: { recoveryCodes } };
    },
    async disableTwoFactor(request) {
      const status = await twoFactor.disable(ctx, currentAuth(request), request.body);
      return { message: 'Two-factor sign-in is off', data: status };
    },
    async refreshToken(request) {
      const tokens = await rotateSession(ctx, request.body.refreshToken);
      return { message: 'Token refreshed', data: tokens };
    },
    async logoutUser(request) {
      const { user, sessionId } = currentAuth(request);
      await auth.logout(ctx, sessionId);
      return { message: 'Logged out successfully', data: { _id: user.id } };
    },
    async requestPasswordReset(request) {
      await auth.requestPasswordReset(ctx, request.body.email);
      return {
        message: 'If an account exists for this email, a password reset code has been sent.',
        data: { email: request.body.email },
      };
    },
    async resetPassword(request) {
      await auth.resetPassword(ctx, request.body);
      return { message: 'Password reset successful', data: { email: request.body.email } };
    },
    async changePassword(request) {
      const user = await auth.changePassword(ctx, currentAuth(request), request.body);
      return { message: 'Password changed successfully', data: toUserDto(user, ctx.files) };
    },
    async getCurrentUser(request) {
      return { message: 'Current user', data: toUserDto(currentAuth(request).user, ctx.files) };
    },
  } satisfies Handlers;
}
