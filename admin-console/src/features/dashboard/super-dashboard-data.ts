import type { Role } from '@cityquest/contract';

export type AlertSeverity = 'critical' | 'warning' | 'info';
export type ServiceStatus = 'operational' | 'degraded' | 'down';

/**
 * The super admin dashboard's figures: fixed sample data and no server calls
 * (docs/product-rules/sample-data.md#sample-content-in-the-apps). The texts are keys of the insights locale
 * file.
 */
export const SUPER_DASHBOARD_SAMPLE = {
  systemHealthPercent: 98.7,
  totalAdmins: 12,
  apiCalls24h: 45_231,
  storage: { usedGb: 342, totalGb: 500 },
  roleRequests: [
    {
      id: 'request-1',
      fullName: 'Priya Sharma',
      username: 'priya_s',
      requestedRole: 'admin',
      requestedAt: '2026-11-18T09:30:00.000Z',
      note: 'request1',
    },
    {
      id: 'request-2',
      fullName: 'Arjun Mehta',
      username: 'arjun.m',
      requestedRole: 'admin',
      requestedAt: '2026-11-17T16:05:00.000Z',
      note: 'request2',
    },
    {
      id: 'request-3',
      fullName: 'Kavya Nair',
      username: 'kavya',
      requestedRole: 'super_admin',
      requestedAt: '2026-11-16T11:45:00.000Z',
      note: 'request3',
    },
  ],
  alerts: [
    { id: 'alert-1', severity: 'warning', message: 'storage', at: '2026-11-18T08:00:00.000Z' },
    { id: 'alert-2', severity: 'critical', message: 'logins', at: '2026-11-18T06:12:00.000Z' },
    { id: 'alert-3', severity: 'info', message: 'maintenance', at: '2026-11-17T12:00:00.000Z' },
  ],
  actions: [
    {
      id: 'action-1',
      admin: 'sara',
      action: 'promotedAdmin',
      target: 'ravi',
      at: '2026-11-18T10:15:00.000Z',
    },
    {
      id: 'action-2',
      admin: 'sara',
      action: 'demotedAdmin',
      target: 'vikram',
      at: '2026-11-17T18:40:00.000Z',
    },
    {
      id: 'action-3',
      admin: 'meera',
      action: 'suspendedAdmin',
      target: 'spam_bot_7',
      at: '2026-11-17T09:20:00.000Z',
    },
    {
      id: 'action-4',
      admin: 'meera',
      action: 'promotedSuper',
      target: 'sara',
      at: '2026-11-15T14:00:00.000Z',
    },
  ],
  services: [
    { key: 'api', status: 'operational', uptime: 99.98 },
    { key: 'database', status: 'operational', uptime: 99.95 },
    { key: 'storage', status: 'operational', uptime: 99.9 },
    { key: 'mail', status: 'degraded', uptime: 97.2 },
    { key: 'maps', status: 'operational', uptime: 99.5 },
  ],
} as const satisfies {
  systemHealthPercent: number;
  totalAdmins: number;
  apiCalls24h: number;
  storage: { usedGb: number; totalGb: number };
  roleRequests: readonly {
    id: string;
    fullName: string;
    username: string;
    requestedRole: Exclude<Role, 'user'>;
    requestedAt: string;
    note: string;
  }[];
  alerts: readonly { id: string; severity: AlertSeverity; message: string; at: string }[];
  actions: readonly { id: string; admin: string; action: string; target: string; at: string }[];
  services: readonly { key: string; status: ServiceStatus; uptime: number }[];
};
