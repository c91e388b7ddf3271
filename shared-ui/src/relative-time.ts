// Building a formatter costs far more than formatting (a list of notifications took 11 ms on a phone-speed CPU).
const formatters = new Map<string, Intl.RelativeTimeFormat>();
function formatterFor(locale: string): Intl.RelativeTimeFormat {
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    formatters.set(locale, format);
  }
  return format;
}

/**
 * The one relative-time rule of both SPAs (docs/product-rules/messages.md#relative-time): under 60 s
 * 'just now' (in the caller's words), then minutes, hours and days in the user's locale.
 */
export function relativeTime(
  date: string | Date,
  options: { locale: string; justNow: string; now?: Date },
): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.round(((options.now ?? new Date()).getTime() - then.getTime()) / 1000);
  if (seconds < 60) return options.justNow;
  const format = formatterFor(options.locale);
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}
