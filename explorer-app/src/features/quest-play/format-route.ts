/** Walking distances and times in the user's language (metres below 1 km, then km with one decimal). */
export function formatDistance(meters: number, locale: string): string {
  if (meters < 1000) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
      Math.round(meters),
    );
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(
    meters / 1000,
  );
}

export function formatDuration(seconds: number, locale: string): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const rest = minutes % 60;
  return rest === 0
    ? unit(Math.floor(minutes / 60), 'hour')
    : `${unit(Math.floor(minutes / 60), 'hour')} ${unit(rest, 'minute')}`;
}
