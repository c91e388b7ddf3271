import { relativeTime } from '@cityquest/shared-ui';
import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type AppNotification, notificationQueries, useMarkNotificationRead } from './notifications-api.ts';

/** Header bell: unread count, newest notifications, mark one read on open; polls while mounted (signed in). */
export function NotificationBell() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const newest = useQuery(notificationQueries.newest());
  const markRead = useMarkNotificationRead();
  const items = newest.data?.notifications ?? [];
  const unread = newest.data?.unreadCount ?? 0;
  const error = markRead.error?.message ?? newest.error?.message ?? null;

  async function open(item: AppNotification) {
    if (!item.read) {
      try {
        await markRead.mutateAsync(item._id);
      } catch {
        // the menu shows the message
      }
    }
    if (item.link) void navigate({ to: item.link });
  }

  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Menu width={320} position="bottom-end" withinPortal>
      {/* The menu's aria attributes belong on the button, so the count badge wraps the target, not the reverse. */}
      <Indicator label={unread} disabled={unread === 0} size={16} color="red" offset={4}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label}>
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown>
        <Menu.Label>{t('notifications.title')}</Menu.Label>
        {error && (
          <Text c="red" size="sm" px="sm" role="alert">
            {error}
          </Text>
        )}
        {items.length === 0 && !error && (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t('notifications.empty')}
          </Text>
        )}
        {items.map((item) => (
          <Menu.Item key={item._id} onClick={() => void open(item)}>
            <Text size="sm" fw={item.read ? 400 : 700}>
              {item.title}
            </Text>
            <Text size="xs">{item.message}</Text>
            <SentAgo at={item.createdAt} />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Its own component so that the time is formatted only when the menu shows it: the first relative-time
 * format of a page loads the locale's data, which is not free, and a closed menu needs none of it.
 */
function SentAgo({ at }: { at: string }) {
  const { t, i18n } = useTranslation('profile');
  return (
    <Text size="xs" c="dimmed">
      {relativeTime(at, { locale: i18n.language, justNow: t('notifications.justNow') })}
    </Text>
  );
}
