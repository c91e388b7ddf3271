import { Button, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The quest's own link: its page answers link previews with the quest (docs/product-rules/quests.md#link-previews). */
export const questLink = (questId: string) => `${window.location.origin}/quest-overview/${questId}`;

/**
 * Share (docs/product-rules/explorer-screens.md#quest-detail): the device's share sheet where the browser has the
 * Web Share API, otherwise the link copied, saying so.
 */
export function ShareQuestButton({ questId, title }: { questId: string; title: string }) {
  const { t } = useTranslation('quests');
  const clipboard = useClipboard({ timeout: 4000 });
  const url = questLink(questId);
  const share = async () => {
    if (typeof navigator.share === 'function') {
      // Closing the sheet without sharing rejects: nothing to say then.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    clipboard.copy(url);
  };
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        fullWidth
        leftSection={<IconShare size={16} aria-hidden="true" />}
        onClick={() => void share()}
      >
        {t('detail.share.button')}
      </Button>
      <Text size="sm" c={clipboard.error ? 'red' : 'dimmed'} role="status">
        {clipboard.copied
          ? t('detail.share.copied')
          : clipboard.error
            ? t('detail.share.failed', { url })
            : ''}
      </Text>
    </Stack>
  );
}
