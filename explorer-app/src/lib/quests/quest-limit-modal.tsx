import { ApiError } from '@cityquest/openapi';
import { Button, Group, Modal, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** 'Quest Limit Reached' (explorer-and-visitor.md section 9): at most 3 ongoing quests. */
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

/** The server answers 429 with '3 ongoing quests' when the limit is hit (admin-and-moderation.md section 8). */
export function isOngoingLimitError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}
