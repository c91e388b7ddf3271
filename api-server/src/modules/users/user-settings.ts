import { defaultSettings, type UserSettings } from '../../db/columns.ts';

/** Stored settings over the defaults, so an account saved before a setting existed still answers it. */
export function withDefaultSettings(settings: Partial<UserSettings> | null | undefined): UserSettings {
  return {
    appPreferences: { ...defaultSettings.appPreferences, ...settings?.appPreferences },
    privacy: { ...defaultSettings.privacy, ...settings?.privacy },
    security: { ...defaultSettings.security, ...settings?.security },
    notifications: withDefaultNotifications(settings?.notifications),
  };
}

type NotificationSettings = UserSettings['notifications'];
const KINDS = ['friendRequests', 'questModeration', 'proofDecisions', 'badgesAndLevels'] as const;

function withDefaultNotifications(stored: Partial<NotificationSettings> | undefined): NotificationSettings {
  const merged = { ...defaultSettings.notifications, ...stored };
  for (const kind of KINDS) merged[kind] = { ...defaultSettings.notifications[kind], ...stored?.[kind] };
  return merged;
}
