import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminQuest } from './quests-api.ts';

/** How the page opens one of its quest dialogs: they stack, so Escape on the top one returns to the one below. */
export type QuestModalState = {
  opened: boolean;
  onClose: () => void;
  stackId: string;
  /**
   * A dialog outside this stack (a @mantine/modals confirmation) sits above this one: it steps out of the stack,
   * whose Escape handling would close it together with that dialog, and leaves Escape and focus to that dialog.
   */
  covered?: boolean;
};

/**
 * The frame every quest dialog shares: open only while it has a quest, full screen on phones, a labelled close
 * button. `children` renders the body for the quest, keyed by the caller so a new quest starts a fresh form.
 */
export function QuestModal({
  quest,
  modal,
  title,
  size,
  children,
}: {
  quest: AdminQuest | null;
  modal: QuestModalState;
  title: string;
  size?: ModalProps['size'];
  children: (quest: AdminQuest) => ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const { covered, stackId, ...state } = modal;
  return (
    <Modal
      {...state}
      {...(covered ? { closeOnEscape: false, trapFocus: false } : { stackId })}
      opened={modal.opened && quest !== null}
      title={title}
      size={size}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {quest && children(quest)}
    </Modal>
  );
}
