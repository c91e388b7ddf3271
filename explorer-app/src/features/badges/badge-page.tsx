import { ErrorState } from '@cityquest/shared-ui';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of both badge pages: the title, the link to the other page, then the page's content. */
export function BadgePage({
  title,
  subtitle,
  otherPage,
  otherPageLabel,
  children,
}: {
  title: string;
  subtitle: string;
  otherPage: '/badge-collection' | '/badges-gallery';
  otherPageLabel: string;
  children: ReactNode;
}) {
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
        {children}
      </Stack>
    </Container>
  );
}

/** A badge page whose data failed to load: the server's message and a retry that runs the route's loader again. */
export function BadgeLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('badges');
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  return (
    <ErrorState
      title={t('loadFailed')}
      message={error instanceof Error ? error.message : undefined}
      onRetry={() => void router.invalidate()}
      retryLabel={t('retry')}
    />
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
