import { useTranslation } from 'react-i18next';

/**
 * Dates as the explorer screens show them (medium style, UTC, in the user's language); `withTime` adds the 24-hour
 * time, as My Quest's last login shows it.
 */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string, withTime = false) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short', hourCycle: 'h23' } : {}),
      timeZone: 'UTC',
    }).format(new Date(iso));
}
