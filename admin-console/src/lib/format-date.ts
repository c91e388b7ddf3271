import { relativeTime } from '@cityquest/shared-ui';
import type { TFunction } from 'i18next';

/** The console's absolute dates, in English like the rest of the console. */
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hour12: false });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatTime = (iso: string) => timeOnly.format(new Date(iso));

/** How long ago, in English like the rest of the console (docs/product-rules/messages.md#relative-time). */
export const timeAgo = (iso: string, t: TFunction) =>
  relativeTime(iso, { locale: 'en', justNow: t('common.justNow') });
