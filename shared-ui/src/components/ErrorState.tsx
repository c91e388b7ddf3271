import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EmptyState } from './EmptyState.tsx';

/** A failed load, announced to screen readers, with an optional retry ('Error loading quests: ...' + Retry). */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = 'Try Again',
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <EmptyState
      tone="error"
      title={title}
      description={message}
      icon={<IconAlertTriangle size={28} aria-hidden="true" />}
      action={
        onRetry && (
          <Button variant="light" color="red" onClick={onRetry}>
            {retryLabel}
          </Button>
        )
      }
    />
  );
}
