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

/**
 * A span of whole days as the explorer screens show it (weekday, day and month, UTC, in the user's language), both
 * ends included: 'Mon, Nov 23 – Sun, Nov 29'. The year shows only when the span crosses one.
 */
export function useFormatDayRange() {
  const { i18n } = useTranslation();
  return (firstDayIso: string, lastDayIso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).formatRange(new Date(firstDayIso), new Date(lastDayIso));
}
