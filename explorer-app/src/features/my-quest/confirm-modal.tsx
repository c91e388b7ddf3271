import { getErrorMessage } from '@cityquest/openapi';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A centred confirm dialog: the text, Cancel and a red confirm button that shows loading while `onConfirm` runs.
 * It closes when `onConfirm` succeeds; a failure keeps it open with the server's message (else `errorFallback`).
 */
export function ConfirmModal({
  opened,
  title,
  children,
  cancelLabel,
  confirmLabel,
  closeLabel,
  errorFallback,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** The accessible name of the dialog's close button, when it needs one. */
  closeLabel?: string;
  errorFallback: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setSending(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure, errorFallback));
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={closeLabel === undefined ? undefined : { 'aria-label': closeLabel }}
    >
      <Text>{children}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {cancelLabel}
        </Button>
        <Button color="red" loading={sending} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
