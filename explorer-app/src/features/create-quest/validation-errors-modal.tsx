import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Every problem of a submit at once, or the network failure
 * (docs/product-rules/messages.md#create-quest-messages).
 */
export function ValidationErrorsModal({ problems, onClose }: { problems: string[]; onClose: () => void }) {
  const { t } = useTranslation('create');
  return (
    <Modal
      opened={problems.length > 0}
      onClose={onClose}
      title={t('validation.modalTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Text mb="sm">{t('validation.intro')}</Text>
      <List spacing={4}>
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {t('validation.gotIt')}
        </Button>
      </Group>
    </Modal>
  );
}
