import { PROFILE_LIMITS } from '@cityquest/contract';
import { IMAGE_ACCEPT, imageProblem } from '@cityquest/web-client/ui/image-file';
import { useObjectUrl } from '@cityquest/web-client/ui/use-object-url';
import { Alert, Avatar, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PictureKind, useRemovePicture, useUpdatePicture } from './settings-api.ts';
import { SETTINGS_NAMESPACES } from './settings-strings.ts';

const MAX_BYTES: Record<PictureKind, number> = {
  avatar: PROFILE_LIMITS.avatarBytes,
  coverImage: PROFILE_LIMITS.coverImageBytes,
};
const MEGABYTE = 1024 * 1024;
const NOTICE_MS = 3000;

/** Avatar or cover: preview at once, revert when the upload fails (docs/product-rules/explorer-screens.md#settings). */
export function PictureField({ kind, current }: { kind: PictureKind; current: string | null }) {
  const { t } = useTranslation(SETTINGS_NAMESPACES);
  // The chosen picture shows at once, while it uploads; a failed upload goes back to the current one.
  const [uploading, setUploading] = useState<File | null>(null);
  const preview = useObjectUrl(uploading) ?? current;
  const update = useUpdatePicture(kind);
  const remove = useRemovePicture(kind);
  const busy = update.isPending || remove.isPending;
  const [notice, setNotice] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  const prefix = kind === 'avatar' ? 'settings.avatar' : 'settings.cover';

  useEffect(() => {
    if (notice?.tone !== 'green') return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  async function onPick(file: File | null) {
    if (!file) return;
    const problem = imageProblem(file, MAX_BYTES[kind]);
    if (problem === 'notImage') {
      setNotice({ tone: 'red', text: t('settings.selectImage') });
      return;
    }
    if (problem === 'tooLarge') {
      setNotice({ tone: 'red', text: t('settings.tooLarge', { mb: MAX_BYTES[kind] / MEGABYTE }) });
      return;
    }
    setUploading(file);
    try {
      await update.mutateAsync(file);
      setNotice({ tone: 'green', text: t(`${prefix}.updated`) });
    } catch {
      setNotice({ tone: 'red', text: t(`${prefix}.updateFailed`) });
    } finally {
      setUploading(null);
    }
  }

  function onRemove() {
    remove.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'green', text: t(`${prefix}.removed`) }),
      onError: () => setNotice({ tone: 'red', text: t(`${prefix}.removeFailed`) }),
    });
  }

  return (
    <Stack gap="xs">
      <Text fw={600}>{t(`${prefix}.label`)}</Text>
      {kind === 'avatar' ? (
        <Avatar src={preview ?? undefined} size={96} radius={96} alt={t(`${prefix}.label`)} />
      ) : preview ? (
        <Image src={preview} h={120} radius="md" alt={t(`${prefix}.label`)} fit="cover" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('settings.cover.none')}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={onPick} accept={IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} size="xs" loading={busy}>
              {t(`${prefix}.change`)}
            </Button>
          )}
        </FileButton>
        {preview && (
          <Button size="xs" variant="default" onClick={onRemove} disabled={busy}>
            {t(`${prefix}.remove`)}
          </Button>
        )}
      </Group>
      {notice && (
        <Alert color={notice.tone} role={notice.tone === 'red' ? 'alert' : 'status'} py={6}>
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
}
