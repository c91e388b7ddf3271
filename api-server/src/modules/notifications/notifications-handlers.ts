import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { paginationOf, toPage } from '../../lib/pagination.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import * as repo from './notifications-repository.ts';
import type { NotificationType } from './notify.ts';
import { describeUnsubscribe, unsubscribe } from './unsubscribe-service.ts';

function toNotificationDto(row: repo.NotificationRow): Schema<'Notification'> {
  return {
    _id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    read: row.read,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}

export function notificationsHandlers(ctx: AppContext) {
  return {
    async listNotifications(request) {
      const page = toPage(request.query, 20);
      const { rows, total, unread } = await repo.listNotifications(
        ctx.db,
        currentAuth(request).user.id,
        { unreadOnly: request.query.unreadOnly ?? false },
        page,
      );
      return {
        message: 'Notifications fetched',
        data: {
          notifications: rows.map(toNotificationDto),
          unreadCount: unread,
          pagination: paginationOf('totalNotifications', total, page),
        },
      };
    },
    async markNotificationRead(request) {
      const row = await repo.markRead(ctx.db, currentAuth(request).user.id, request.params.id);
      if (!row) throw notFound('Notification not found');
      return { message: 'Notification marked as read', data: toNotificationDto(row) };
    },
    async describeUnsubscribe(request) {
      return { message: 'Unsubscribe link', data: await describeUnsubscribe(ctx, request.query.token) };
    },
    async unsubscribe(request) {
      return {
        message: 'You will no longer get these emails',
        data: await unsubscribe(ctx, request.query.token),
      };
    },
  } satisfies Handlers;
}
