import { ErrorState, FullPageLoader } from '@cityquest/shared-ui';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useLoad } from '../../lib/quests/use-load.ts';

/**
 * The frame of both badge pages: the title, the link to the other page, then the signed-in explorer's badges once
 * loaded, the loader meanwhile, or the server's message with a retry.
 */
export function BadgePage<T>({
  title,
  subtitle,
  otherPage,
  otherPageLabel,
  load,
  children,
}: {
  title: string;
  subtitle: string;
  otherPage: '/badge-collection' | '/badges-gallery';
  otherPageLabel: string;
  load: (userId: string) => Promise<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('badges');
  const userId = useAuthStore((state) => state.userData?._id ?? '');
  const { data, loading, error, reload } = useLoad(() => load(userId), 'Failed to fetch badges', userId);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{subtitle}</Text>
          </Stack>
          <Button component={Link} to={otherPage} variant="light">
            {otherPageLabel}
          </Button>
        </Group>
        {error ? (
          <ErrorState
            title={t('loadFailed')}
            message={error}
            onRetry={() => void reload()}
            retryLabel={t('retry')}
          />
        ) : loading || !data ? (
          <FullPageLoader label={t('loading')} />
        ) : (
          children(data)
        )}
      </Stack>
    </Container>
  );
}

/** A titled group of badge tiles; `aside` sits at the end of the title's line. */
export function BadgeSection({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} id={id}>
      {title}
    </Title>
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      {aside ? (
        <Group justify="space-between" align="baseline">
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
