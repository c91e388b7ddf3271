import { shownTotal } from '@cityquest/shared-ui';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = {
  page: number;
  totalPages: number;
  totalItems: number;
  /** The server stopped counting: shown as '1,000+' and 'Page 2 of 50+'. */
  totalCapped?: boolean;
  pageSize: number;
  onChange: (page: number) => void;
};

/**
 * A list's pagination ('Showing X to Y of Z results', 'Page N of M', previous and next), shown only when there
 * is more than one page (docs/product-rules/admin-screens.md#list-pagination). Its strings are `pagination.*`
 * of the app's default namespace.
 */
export function ListPagination({
  page,
  totalPages,
  totalItems,
  totalCapped = false,
  pageSize,
  onChange,
}: Props) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const from = Math.min((page - 1) * pageSize + 1, totalItems);
  const to = Math.min(page * pageSize, totalItems);
  return (
    <Group component="nav" aria-label={t('pagination.label')} justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('pagination.showing', { from, to, total: shownTotal(totalItems, totalCapped) })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        >
          {t('pagination.previous')}
        </Button>
        <Text size="sm" aria-live="polite">
          {t('pagination.page', { page, pages: shownTotal(totalPages, totalCapped) })}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} aria-hidden="true" />}
          disabled={page >= totalPages}
          onClick={() => onChange(page + 1)}
        >
          {t('pagination.next')}
        </Button>
      </Group>
    </Group>
  );
}
