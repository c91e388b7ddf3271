import { Alert, Avatar, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsApi } from './settings-api.ts';

const LIMITS = { avatar: 5 * 1024 * 1024, coverImage: 10 * 1024 * 1024 } as const;
const NOTICE_MS = 3000;

/** Avatar or cover: preview at once, revert when the upload fails (explorer-and-visitor.md sections 5 and 8). */
export function PictureField({ kind, current }: { kind: 'avatar' | 'coverImage'; current: string | null }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(current);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  const prefix = kind === 'avatar' ? 'settings.avatar' : 'settings.cover';

  useEffect(() => setPreview(current), [current]);
  useEffect(() => {
    if (notice?.tone !== 'green') return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  async function onPick(file: File | null) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setNotice({ tone: 'red', text: t('settings.selectImage') });
      return;
    }
    if (file.size > LIMITS[kind]) {
      setNotice({ tone: 'red', text: t(kind === 'avatar' ? 'settings.tooLarge5' : 'settings.tooLarge10') });
      return;
    }
    const previous = preview;
    const local = URL.createObjectURL(file);
    setPreview(local);
    setBusy(true);
    try {
      await settingsApi.updatePicture(kind, file);
      setNotice({ tone: 'green', text: t(`${prefix}.updated`) });
    } catch {
      setPreview(previous);
      setNotice({ tone: 'red', text: t(`${prefix}.updateFailed`) });
    } finally {
      URL.revokeObjectURL(local);
      setBusy(false);
    }
  }

  async function onRemove() {
    setBusy(true);
    try {
      await settingsApi.removePicture(kind);
      setNotice({ tone: 'green', text: t(`${prefix}.removed`) });
    } catch {
      setNotice({ tone: 'red', text: t(`${prefix}.removeFailed`) });
    } finally {
      setBusy(false);
    }
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
        <FileButton onChange={onPick} accept="image/png,image/jpeg,image/webp,image/gif">
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
