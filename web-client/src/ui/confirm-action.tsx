import { withModals } from '@cityquest/shared-ui';
import { Alert, type MantineColor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmActionOptions = {
  title: string;
  /** A sentence, or richer content such as a warning under the question. */
  body: ReactNode;
  confirmLabel: string;
  /** The confirm button's colour: red unless told, as these dialogs confirm what cannot be undone. */
  color?: MantineColor;
  /**
   * Runs on confirm. The dialog stays open with a loading confirm button until it settles: it closes when the
   * action succeeds, and shows the failure inside when it fails, so the user can try again or cancel.
   */
  onConfirm: () => Promise<unknown>;
  /** How the dialog words a failure: the error's message unless told. */
  failure?: (error: Error) => string;
  /** A heading over the failure ('Conversation not closed'), when the message does not say what failed. */
  failureTitle?: string;
  /** Called once the dialog has closed, whichever way. */
  onClose?: () => void;
};

/**
 * The one confirm dialog of both apps: centred, Cancel first in focus, the confirm button in the danger
 * colour. Its Cancel and Close are `common.cancel` and `common.close` of each app's default namespace.
 */
export function useConfirmAction() {
  const { t } = useTranslation();
  return ({
    title,
    body,
    confirmLabel,
    color = 'red',
    onConfirm,
    failure = (error) => error.message,
    failureTitle,
    onClose,
  }: ConfirmActionOptions) => {
    // @mantine/modals (and Mantine's modal with it) loads once needed: headers and lists are in the first
    // download.
    void withModals((modals) => {
      const state = (pending: boolean, error?: string) => ({
        children: (
          <Stack gap="md">
            {typeof body === 'string' ? <Text style={{ overflowWrap: 'anywhere' }}>{body}</Text> : body}
            {error && (
              <Alert color="red" variant="light" role="alert" title={failureTitle}>
                {error}
              </Alert>
            )}
          </Stack>
        ),
        confirmProps: { color, loading: pending },
        cancelProps: { disabled: pending, 'data-autofocus': true },
      });
      const modalId: string = modals.openConfirmModal({
        title,
        centered: true,
        closeButtonProps: { 'aria-label': t('common.close') },
        labels: { confirm: confirmLabel, cancel: t('common.cancel') },
        ...state(false),
        closeOnConfirm: false,
        onConfirm: () => {
          modals.updateModal({ modalId, ...state(true) });
          onConfirm().then(
            () => modals.close(modalId),
            (error: unknown) =>
              modals.updateModal({
                modalId,
                ...state(false, failure(error instanceof Error ? error : new Error(String(error)))),
              }),
          );
        },
        onClose,
      });
    });
  };
}
