import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../lib/format-date.ts';

/**
 * When figures the server computes at most every 30 seconds were computed ('as of 12:04'), so nobody reads them
 * as live (docs/product-rules/moderation.md#dashboard-counters).
 */
export function AsOf({ iso }: { iso: string }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {t('insights.asOf')}{' '}
      <time dateTime={iso} title={formatDateTime(iso)}>
        {formatTime(iso)}
      </time>
    </Text>
  );
}
