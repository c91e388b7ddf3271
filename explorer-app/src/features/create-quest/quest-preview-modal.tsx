import { QuestCard } from '@cityquest/shared-ui';
import { Badge, Button, Group, Image, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type QuestFormValues, splitTags, xpOf } from './quest-form-values.ts';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The quest as explorers will see it once approved, built from what the form holds now. */
export function QuestPreviewModal({
  opened,
  onClose,
  values,
  photos,
}: {
  opened: boolean;
  onClose: () => void;
  values: QuestFormValues;
  /** Cover first. */
  photos: { key: string; url: string }[];
}) {
  const { t } = useTranslation('create');
  const phone = useMediaQuery('(max-width: 36em)');
  const title = values.title.trim() || t('preview.untitled');
  const tasks = values.tasks.map((task) => task.text.trim()).filter(Boolean);
  const tips = values.tips.map((tip) => tip.text.trim()).filter(Boolean);
  const tags = splitTags(values.tags);
  const notSet = (
    <Text span c="dimmed">
      {t('preview.notSet')}
    </Text>
  );
  const place = (name: string | undefined) => (name?.trim() ? name : notSet);
  const location = [values.address.trim(), values.city.trim(), values.pincode.trim()].filter(Boolean);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('preview.title')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('preview.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('preview.note')}
        </Text>
        <QuestCard
          title={title}
          imageUrl={photos[0]?.url ?? null}
          category={values.category ? t(`categories.${values.category}`) : undefined}
          difficulty={values.difficulty || undefined}
          difficultyLabel={values.difficulty ? t(`difficulties.${values.difficulty}`) : undefined}
          xpLabel={t('preview.xp', { xp: xpOf(values.xp) })}
          city={values.city.trim() || undefined}
          description={values.description.trim() || undefined}
        />
        {values.subtitle.trim() && <Text fs="italic">{values.subtitle.trim()}</Text>}
        <Part title={t('preview.about')}>
          {values.description.trim() ? (
            <Text style={{ whiteSpace: 'pre-line' }}>{values.description.trim()}</Text>
          ) : (
            <Text c="dimmed">{t('preview.noDescription')}</Text>
          )}
        </Part>
        <Part title={t('preview.location')}>
          <Text>{location.length ? location.join(', ') : notSet}</Text>
        </Part>
        <Part title={t('preview.route')}>
          <List type="ordered" spacing={2}>
            <List.Item>
              <Text span fw={600}>
                {t('preview.start')}
              </Text>{' '}
              {place(values.startLocation?.name)}
            </List.Item>
            {values.waypoints.map((point, index) => (
              <List.Item key={point.id}>
                <Text span fw={600}>
                  {t('preview.stop', { number: index + 1 })}
                </Text>{' '}
                {point.name || t('route.customLocation')}
              </List.Item>
            ))}
            <List.Item>
              <Text span fw={600}>
                {t('preview.finish')}
              </Text>{' '}
              {place(values.endLocation?.name)}
            </List.Item>
          </List>
        </Part>
        <Part title={t('preview.tasks')}>
          {tasks.length ? (
            <List type="ordered" spacing={2}>
              {tasks.map((task, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: tasks are plain text and may repeat
                <List.Item key={index}>{task}</List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed">{t('preview.noTasks')}</Text>
          )}
        </Part>
        {tips.length > 0 && (
          <Part title={t('preview.tips')}>
            <List spacing={2}>
              {tips.map((tip, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: tips are plain text and may repeat
                <List.Item key={index}>{tip}</List.Item>
              ))}
            </List>
          </Part>
        )}
        {tags.length > 0 && (
          <Part title={t('preview.tags')}>
            <Group gap={6}>
              {tags.map((tag) => (
                <Badge key={tag} variant="outline">
                  {tag}
                </Badge>
              ))}
            </Group>
          </Part>
        )}
        {values.proofInstructions.trim() && (
          <Part title={t('preview.proof')}>
            <Text style={{ whiteSpace: 'pre-line' }}>{values.proofInstructions.trim()}</Text>
          </Part>
        )}
        {values.accessibilityNotes.trim() && (
          <Part title={t('preview.accessibility')}>
            <Text style={{ whiteSpace: 'pre-line' }}>{values.accessibilityNotes.trim()}</Text>
          </Part>
        )}
        <Part title={t('preview.photos')}>
          {photos.length ? (
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
              {photos.map((photo, index) => (
                <Image
                  key={photo.key}
                  src={photo.url}
                  alt={t('preview.photoAlt', { number: index + 1 })}
                  h={90}
                  fit="cover"
                  radius="sm"
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed">{t('preview.noPhotos')}</Text>
          )}
        </Part>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('preview.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
