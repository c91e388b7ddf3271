import { isAdminRole, type Role } from '@cityquest/openapi';
import { redirect } from '@tanstack/react-router';
import type { AuthState } from './auth-store.ts';

/** Who may open a guarded screen (docs/product-rules/routes.md#admin-guard). */
export type RequiredRole = Exclude<Role, 'user'>;

export type Access = 'signed-out' | 'loading' | 'denied' | 'allowed';

/**
 * The one guard rule of the console, used when a route loads and again whenever the session changes.
 * Roles come from the server's user; the server checks every call again.
 */
export function checkAccess(
  state: Pick<AuthState, 'isAuthenticated' | 'userData'>,
  required: RequiredRole,
): Access {
  if (!state.isAuthenticated) return 'signed-out';
  const role = state.userData?.role;
  if (!role) return 'loading';
  const allowed = required === 'super_admin' ? role === 'super_admin' : isAdminRole(role);
  return allowed ? 'allowed' : 'denied';
}

/** For beforeLoad: a visitor goes to /login (with a way back), too little role to /access-denied. */
export function guardRoute(
  state: Pick<AuthState, 'isAuthenticated' | 'userData'>,
  required: RequiredRole,
  href: string,
) {
  const access = checkAccess(state, required);
  if (access === 'signed-out') throw redirect({ to: '/login', search: { redirect: href } });
  if (access === 'denied') throw redirect({ to: '/access-denied' });
}

/** Only paths inside the console are followed after sign-in, so a crafted link cannot send an admin elsewhere. */
export function safeRedirect(target: string | undefined): string | null {
  if (!target?.startsWith('/admin/') || target.includes('\\')) return null;
  return target;
}
