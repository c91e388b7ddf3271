import { Alert, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

type ConfirmActionOptions = {
  title: string;
  body: string;
  cancelLabel: string;
  confirmLabel: string;
  /** The accessible name of the dialog's close button, when it needs one. */
  closeLabel?: string;
  /** A mutation's `mutateAsync` call: the dialog closes when it succeeds and keeps its message when it fails. */
  action: () => Promise<unknown>;
};

/**
 * A centred confirm dialog with Cancel and a red confirm button that shows loading while the action runs. A
 * failure keeps the dialog open with the server's message, so the explorer can try again or cancel.
 */
export function confirmAction({
  title,
  body,
  cancelLabel,
  confirmLabel,
  closeLabel,
  action,
}: ConfirmActionOptions) {
  const content = (error?: string) => (
    <>
      <Text>{body}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {error}
        </Alert>
      )}
    </>
  );
  const modalId = modals.openConfirmModal({
    title,
    centered: true,
    children: content(),
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: 'red' },
    closeButtonProps: closeLabel === undefined ? undefined : { 'aria-label': closeLabel },
    closeOnConfirm: false,
    onConfirm: async () => {
      modals.updateModal({ modalId, children: content(), confirmProps: { color: 'red', loading: true } });
      try {
        await action();
        modals.close(modalId);
      } catch (error) {
        modals.updateModal({
          modalId,
          children: content(error instanceof Error ? error.message : undefined),
          confirmProps: { color: 'red' },
        });
      }
    },
  });
}
