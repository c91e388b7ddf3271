import { EmptyState, ErrorState } from '@cityquest/shared-ui';
import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { getQuest } from '../../lib/quests/quest-api.ts';
import { useLoad } from '../../lib/quests/use-load.ts';
import { QuestForm } from './quest-form.tsx';

const EDITABLE = new Set(['pending', 'rejected']);

function BackToMyQuests() {
  const { t } = useTranslation('create');
  return (
    <Button component={Link} to="/my-quest" variant="light">
      {t('edit.backToMyQuests')}
    </Button>
  );
}

/** /edit-quest/{questId}: the creator's own pending or rejected quest, saved with PUT /quests/{id}. */
export function EditQuestPage({ questId }: { questId: string }) {
  const { t } = useTranslation('create');
  const userId = useAuthStore((state) => state.userData?._id);
  const {
    data: quest,
    loading,
    error,
    reload,
  } = useLoad(() => getQuest(questId), 'Failed to fetch quest', questId);

  let body: React.ReactNode;
  if (loading && !quest) {
    body = (
      <Stack align="center" py="xl" role="status">
        <Loader />
        <Text>{t('edit.loading')}</Text>
      </Stack>
    );
  } else if (error || !quest) {
    body = (
      <Stack align="center">
        <ErrorState
          title={t('edit.loadError', { error: error ?? '' })}
          onRetry={() => void reload()}
          retryLabel={t('edit.retry')}
        />
        <BackToMyQuests />
      </Stack>
    );
  } else if (quest.submittedBy?._id !== userId || !EDITABLE.has(quest.status)) {
    body = (
      <EmptyState
        icon={<IconLock size={28} aria-hidden="true" />}
        title={t('edit.notAllowedTitle')}
        description={t(quest.submittedBy?._id !== userId ? 'edit.notOwner' : 'edit.notEditable')}
        action={<BackToMyQuests />}
      />
    );
  } else {
    body = (
      <Stack gap="lg">
        <Alert color={quest.status === 'rejected' ? 'red' : 'yellow'} variant="light" role="note">
          {quest.status === 'rejected'
            ? quest.rejectionReason
              ? t('edit.rejected', { reason: quest.rejectionReason })
              : t('edit.rejectedNoReason')
            : t('edit.pending')}
        </Alert>
        <QuestForm quest={quest} />
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('edit.title')}</Title>
          {quest && <Text c="dimmed">{quest.title}</Text>}
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
