import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';

export type AppNotification = Schema<'Notification'>;

export const notificationsApi = {
  newest: () =>
    unwrap(
      api().GET('/users/notifications', { params: { query: { page: 1, limit: 10 } } }),
      'Failed to fetch notifications',
    ),
  markRead: (id: string) =>
    unwrap(
      api().PATCH('/users/notifications/{id}/read', { params: { path: { id } } }),
      'Failed to mark notification as read',
    ),
};
