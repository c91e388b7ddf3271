import type { Schema } from '@cityquest/contract';
import { apiKey, unwrap } from '@cityquest/web-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../../lib/api.ts';
import { liveStatus } from '../../lib/live-status.ts';

export type AppNotification = Schema<'Notification'>;
type NotificationPage = Schema<'NotificationPage'>;

const NEWEST = { page: 1, limit: 10 };
/** While the live event stream is down, the bell asks for news every minute while its tab is visible. */
const POLL_MS = 60_000;

export const notificationQueries = {
  newest: () =>
    queryOptions({
      ...getQuery('/users/notifications', { query: NEWEST }),
      refetchInterval: liveStatus.pollUnlessLive(POLL_MS),
    }),
};

/** Marks one read and updates every cached page of notifications at once (its read state and the unread count). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api().PATCH('/users/notifications/{id}/read', { params: { path: { id } } }),
        'Failed to mark notification as read',
      ),
    onSuccess: (_updated, id) =>
      queryClient.setQueriesData<NotificationPage>({ queryKey: apiKey('/users/notifications') }, (page) => {
        const target = page?.notifications.find((item) => item._id === id);
        if (!page || !target || target.read) return page;
        return {
          ...page,
          notifications: page.notifications.map((item) => (item._id === id ? { ...item, read: true } : item)),
          unreadCount: Math.max(0, page.unreadCount - 1),
        };
      }),
  });
}
