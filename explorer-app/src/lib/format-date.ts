import { useTranslation } from 'react-i18next';

/** Dates as the explorer screens show them (medium style, UTC, in the user's language). */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}
