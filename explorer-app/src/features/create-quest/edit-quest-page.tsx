import { EmptyState, ErrorState } from '@cityquest/shared-ui';
import { ApiError } from '@cityquest/web-client';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
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

function EditQuestFrame({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation('create');
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('edit.title')}</Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** The quest could not be loaded: the reason, a retry unless the quest does not exist, and the way back. */
export function EditQuestError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('create');
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <EditQuestFrame>
      <Stack align="center">
        <ErrorState
          title={t('edit.loadError', { error: error instanceof Error ? error.message : '' })}
          onRetry={missing ? undefined : () => void router.invalidate()}
          retryLabel={t('edit.retry')}
        />
        <BackToMyQuests />
      </Stack>
    </EditQuestFrame>
  );
}

/**
 * /edit-quest/{questId}: the creator's own pending or rejected quest (the route loads it), saved with PUT
 * /quests/{id}.
 */
export function EditQuestPage({ questId }: { questId: string }) {
  const { t } = useTranslation('create');
  const userId = useUser()?._id;
  const { data: quest } = useSuspenseQuery(questQueries.detail(questId));
  const owner = quest.submittedBy?._id === userId;
  return (
    <EditQuestFrame subtitle={quest.title}>
      {!owner || !EDITABLE.has(quest.status) ? (
        <EmptyState
          icon={<IconLock size={28} aria-hidden="true" />}
          title={t('edit.notAllowedTitle')}
          description={t(owner ? 'edit.notEditable' : 'edit.notOwner')}
          action={<BackToMyQuests />}
        />
      ) : (
        <Stack gap="lg">
          <Alert color={quest.status === 'rejected' ? 'red' : 'yellow'} variant="light" role="note">
            {quest.status === 'rejected'
              ? quest.rejectionReason
                ? t('edit.rejected', { reason: quest.rejectionReason })
                : t('edit.rejectedNoReason')
              : t('edit.pending')}
          </Alert>
          <QuestForm key={quest._id} quest={quest} />
        </Stack>
      )}
    </EditQuestFrame>
  );
}
