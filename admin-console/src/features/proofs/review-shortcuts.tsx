import { Anchor, Group, Kbd, Popover, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The review modal's keys, as the shortcuts list names them (docs/product-rules/moderation.md#keyboard-review). */
const SHORTCUTS = [
  { key: 'a', action: 'approve' },
  { key: 'r', action: 'reject' },
  { key: 'j', action: 'next' },
  { key: 'k', action: 'previous' },
  { key: '?', action: 'help' },
] as const;

/**
 * The one-line hint under the modal's title and the list of keyboard shortcuts it opens; `?` opens it too.
 * Pointer and touch users open it from the hint.
 */
export function ReviewShortcuts({
  opened,
  onChange,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Anchor
          component="button"
          type="button"
          size="xs"
          c="dimmed"
          underline="always"
          onClick={() => onChange(!opened)}
        >
          {t('proofs.shortcuts.hint')}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Stack gap="xs">
          <Text id={titleId} fw={600} size="sm">
            {t('proofs.shortcuts.title')}
          </Text>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {SHORTCUTS.map(({ key, action }) => (
              <Group key={key} component="li" gap="sm" wrap="nowrap">
                <Kbd miw={28} ta="center">
                  {key}
                </Kbd>
                <Text size="sm">{t(`proofs.shortcuts.${action}`)}</Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
