import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { useUser } from '../../lib/auth-api.ts';
import { applyLanguage } from '../../lib/i18n.ts';

/** Applies the signed-in user's language and theme from the server at sign-in and whenever they change. */
export function UserPreferencesSync() {
  const preferences = useUser()?.settings.appPreferences;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (!preferences) return;
    void applyLanguage(preferences.language);
    setColorScheme(preferences.theme);
  }, [preferences, setColorScheme]);
  return null;
}
