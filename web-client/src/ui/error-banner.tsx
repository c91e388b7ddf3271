import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A failure the admin reads and dismisses; it stays until dismissed or the next call clears it. */
export function ErrorBanner({
  title,
  message,
  dismissLabel,
  onDismiss,
  retryLabel,
  onRetry,
}: {
  title: string;
  message: string;
  dismissLabel: string;
  onDismiss: () => void;
  retryLabel?: string;
  onRetry?: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <span>{message}</span>
        <Group gap="xs">
          {onRetry && retryLabel && (
            <Button size="xs" color="red" onClick={onRetry}>
              {retryLabel}
            </Button>
          )}
          <Button size="xs" variant="outline" color="red" onClick={onDismiss}>
            {dismissLabel}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
