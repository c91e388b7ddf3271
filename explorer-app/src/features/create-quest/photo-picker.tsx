import { QUEST_LIMITS } from '@cityquest/contract';
import { IMAGE_ACCEPT, imageProblem } from '@cityquest/web-client/ui/image-file';
import { ActionIcon, Badge, Box, Image, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const fileKeys = new WeakMap<File, string>();

/** A stable React key for a chosen file (two files may share name, size and date). */
export function fileKey(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    key = randomId();
    fileKeys.set(file, key);
  }
  return key;
}

// The quest form keeps one preview URL per chosen photo with the shared hook.
export { useObjectUrls } from '@cityquest/web-client/ui/use-object-url';

/** Several quest photos (images only, 10MB each, at most 10) with previews and removal; the first is the cover. */
export function PhotoPicker({
  photos,
  urls,
  onChange,
  error,
}: {
  photos: File[];
  urls: Map<File, string>;
  onChange: (photos: File[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('create');
  const id = useId();
  const [rejected, setRejected] = useState<string[]>([]);

  const add = (chosen: File[]) => {
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of chosen) {
      const problem = imageProblem(file, QUEST_LIMITS.photoBytes);
      if (problem) problems.push(t(`photos.${problem}`, { name: file.name }));
      else accepted.push(file);
    }
    const room = QUEST_LIMITS.photos - photos.length;
    if (accepted.length > room) problems.push(t('photos.tooMany', { max: QUEST_LIMITS.photos }));
    setRejected(problems);
    if (accepted.length && room > 0) onChange([...photos, ...accepted.slice(0, room)]);
  };

  return (
    <Input.Wrapper
      label={t('photos.label')}
      description={t('photos.hint')}
      error={error}
      required
      labelProps={{ htmlFor: id }}
    >
      <Stack gap="sm" mt={6}>
        <input
          id={id}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-invalid={Boolean(error)}
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []));
            // Choosing the same file again after removing it must fire onChange.
            event.currentTarget.value = '';
          }}
        />
        {rejected.length > 0 && (
          <Stack gap={2} role="alert">
            {rejected.map((problem) => (
              <Text key={problem} size="sm" c="red">
                {problem}
              </Text>
            ))}
          </Stack>
        )}
        {photos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('photos.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" component="ul" p={0} m={0}>
            {photos.map((photo, index) => (
              <Box component="li" key={fileKey(photo)} pos="relative" style={{ listStyle: 'none' }}>
                <Image
                  src={urls.get(photo)}
                  alt={t('photos.previewAlt', { number: index + 1, name: photo.name })}
                  h={110}
                  fit="cover"
                  radius="md"
                />
                {index === 0 && (
                  <Badge pos="absolute" top={6} left={6} size="sm">
                    {t('photos.cover')}
                  </Badge>
                )}
                <ActionIcon
                  pos="absolute"
                  top={6}
                  right={6}
                  radius="xl"
                  color="red"
                  aria-label={t('photos.remove', { name: photo.name })}
                  onClick={() => onChange(photos.filter((_, position) => position !== index))}
                >
                  <IconX size={16} aria-hidden="true" />
                </ActionIcon>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** An edited quest's photos, shown as they are: PUT /quests/{id} does not change photos. */
export function ExistingPhotos({ urls }: { urls: string[] }) {
  const { t } = useTranslation('create');
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('edit.photosLocked')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
        {urls.map((url, index) => (
          <Image
            key={url}
            src={url}
            alt={t('photos.existingAlt', { number: index + 1 })}
            h={110}
            fit="cover"
            radius="md"
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
