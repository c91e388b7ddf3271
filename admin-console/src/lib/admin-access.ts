import { isAdminRole, type Role, type User } from '@cityquest/contract';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { needsEnrolment, type TwoFactorStatus, twoFactorQueries } from '../api/two-factor-api.ts';

/** Who may open a guarded screen (docs/product-rules/routes.md#admin-guard). */
export type RequiredRole = Exclude<Role, 'user'>;

export type Access = 'signed-out' | 'denied' | 'allowed';

/**
 * The one guard rule of the console, run in `beforeLoad` when a route loads and again when the session ends (the
 * router is invalidated). Roles come from the server's user, ensured by the root; the server checks every call
 * again.
 */
export function checkAccess(user: User | null, required: RequiredRole): Access {
  if (!user) return 'signed-out';
  const allowed = required === 'super_admin' ? user.role === 'super_admin' : isAdminRole(user.role);
  return allowed ? 'allowed' : 'denied';
}

/** For beforeLoad: a visitor goes to /login (with a way back), too little role to /access-denied. */
export function guardRoute(user: User | null, required: RequiredRole, href: string): User {
  const access = checkAccess(user, required);
  if (!user || access === 'signed-out') throw redirect({ to: '/login', search: { redirect: href } });
  if (access === 'denied') throw redirect({ to: '/access-denied' });
  return user;
}

/**
 * The signed-in account's two-factor status for a guard, or null when it cannot be read: the server refuses
 * every admin call of an admin who needs it anyway, so the console does not lock anyone out on a failed read.
 */
export function readTwoFactorStatus(queryClient: QueryClient): Promise<TwoFactorStatus | null> {
  return queryClient.ensureQueryData(twoFactorQueries.status()).catch(() => null);
}

/**
 * For beforeLoad after guardRoute: an admin the server requires to use two-factor sign-in enrols before any
 * admin screen (docs/product-rules/accounts-and-security.md#two-factor-sign-in), then comes back to `href`.
 */
export async function guardTwoFactor(queryClient: QueryClient, href: string) {
  const status = await readTwoFactorStatus(queryClient);
  if (status && needsEnrolment(status)) {
    throw redirect({ to: '/two-factor-setup', search: safeRedirect(href) ? { redirect: href } : {} });
  }
}

/** Only paths inside the console are followed after sign-in, so a crafted link cannot send an admin elsewhere. */
export function safeRedirect(target: string | undefined): string | null {
  if (!target?.startsWith('/admin/') || target.includes('\\')) return null;
  return target;
}
