import { ApiError } from '@cityquest/web-client';
import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** 'Quest Limit Reached': at most 3 ongoing quests (docs/product-rules/quests.md#ongoing-limit). */
export function QuestLimitModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('quests');
  return (
    <Modal opened={opened} onClose={onClose} title={t('limit.title')} centered>
      <Text>{t('limit.body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('limit.cancel')}
        </Button>
        <Button component={Link} to="/my-quest" onClick={onClose}>
          {t('limit.viewMyQuests')}
        </Button>
      </Group>
    </Modal>
  );
}

/** A start's only 429 is the ongoing limit (docs/product-rules/quests.md#ongoing-limit): no rate limit. */
export function isOngoingLimitError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}
