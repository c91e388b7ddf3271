import { Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
