import { CATEGORIES, DIFFICULTIES, QUEST_LIMITS } from '@cityquest/contract';
import { QUEST_BASE_XP } from '@cityquest/contract/rules';
import type { ErrorPlaces } from '@cityquest/web-client/quest-form';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import {
  type EditValues,
  editErrors,
  editValuesOf,
  formPathOf,
  isValidXp,
  taskRow,
  tipRow,
  updateBodyOf,
} from './quest-edit-form.ts';
import { QuestModal, type QuestModalState } from './quest-modal.tsx';
import { type AdminQuest, type QuestUpdate, useUpdateQuest } from './quests-api.ts';

/**
 * Where the form shows the server's error on each field of the body: on the input holding it, or in the banner
 * when none does (tasks and tips are placed by row, see formPathOf). A field the contract adds fails the
 * typecheck here until the form gives it a place (docs/dev/add-a-field.md).
 */
const ERROR_PLACES = {
  title: 'title',
  subtitle: 'subtitle',
  category: 'category',
  difficulty: 'difficulty',
  description: 'description',
  address: 'address',
  city: 'city',
  pincode: 'pincode',
  proofInstructions: 'proofInstructions',
  accessibilityNotes: 'accessibilityNotes',
  estimatedTime: 'estimatedTime',
  state: 'state',
  tasks: null,
  tips: null,
  xp: 'xp',
  tags: 'tags',
  featured: 'featured',
} as const satisfies ErrorPlaces<QuestUpdate, EditValues>;

type Props = {
  quest: AdminQuest | null;
  modal: QuestModalState;
  onSaved: (quest: AdminQuest) => void;
};

/** The admin edit form (docs/product-rules/moderation.md#admin-quest-edit), saved with PUT /admin/quests/{id}. */
export function QuestEditModal({ quest, modal, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <QuestModal quest={quest} modal={modal} title={t('moderation.edit.title')} size="xl">
      {(shown) => (
        <EditForm
          key={`${shown._id}-${shown.updatedAt}`}
          quest={shown}
          onCancel={modal.onClose}
          onSaved={onSaved}
        />
      )}
    </QuestModal>
  );
}

function EditForm({
  quest,
  onCancel,
  onSaved,
}: {
  quest: AdminQuest;
  onCancel: () => void;
  onSaved: (quest: AdminQuest) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateQuest();
  const [initialValues] = useState(() => editValuesOf(quest));
  const form = useForm<EditValues>({
    initialValues,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(editErrors(values)).map(([path, error]) => [
          path,
          t(`moderation.edit.errors.${error}`),
        ]),
      ),
  });
  const busy = update.isPending;
  const { tasks, tips, xp } = form.values;
  const failure = update.error;
  // Refused fields show on their inputs; the banner shows any failure no input holds.
  const unplaced =
    failure !== null &&
    (failure.fieldErrors.length === 0 ||
      failure.fieldErrors.some((error) => formPathOf(error.field, form.values, ERROR_PLACES) === null));

  function onSubmit(values: EditValues) {
    update.mutate(
      { id: quest._id, body: updateBodyOf(values) },
      {
        onSuccess: onSaved,
        onError: (error) =>
          form.setErrors(
            Object.fromEntries(
              error.fieldErrors.flatMap((e) => {
                const path = formPathOf(e.field, values, ERROR_PLACES);
                return path ? [[path, e.message]] : [];
              }),
            ),
          ),
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('moderation.edit.questTitle')}
          required
          maxLength={QUEST_LIMITS.title}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <TextInput
          label={t('moderation.edit.subtitle')}
          maxLength={QUEST_LIMITS.subtitle}
          {...form.getInputProps('subtitle')}
        />
        <Textarea
          label={t('moderation.edit.description')}
          required
          maxLength={QUEST_LIMITS.description}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <Fieldset legend={t('moderation.edit.place')} variant="unstyled" p={0}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('moderation.edit.address')}
              required
              maxLength={QUEST_LIMITS.address}
              {...form.getInputProps('address')}
            />
            <TextInput
              label={t('moderation.edit.city')}
              required
              maxLength={QUEST_LIMITS.city}
              {...form.getInputProps('city')}
            />
            <TextInput
              label={t('moderation.edit.state')}
              maxLength={QUEST_LIMITS.state}
              {...form.getInputProps('state')}
            />
            <TextInput
              label={t('moderation.edit.pincode')}
              required
              inputMode="numeric"
              maxLength={10}
              {...form.getInputProps('pincode')}
            />
          </SimpleGrid>
        </Fieldset>
        <TextInput
          label={t('moderation.edit.estimatedTime')}
          description={t('moderation.edit.estimatedTimeHint')}
          maxLength={QUEST_LIMITS.estimatedTime}
          {...form.getInputProps('estimatedTime')}
        />
        <Textarea
          label={t('moderation.edit.proofInstructions')}
          maxLength={QUEST_LIMITS.proofInstructions}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('proofInstructions')}
        />
        <Textarea
          label={t('moderation.edit.accessibilityNotes')}
          maxLength={QUEST_LIMITS.accessibilityNotes}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('accessibilityNotes')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NativeSelect
            label={t('moderation.edit.category')}
            required
            data={CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            {...form.getInputProps('category')}
          />
          <NativeSelect
            label={t('moderation.edit.difficulty')}
            required
            data={DIFFICULTIES.map((value) => ({ value, label: t(`difficulties.${value}`) }))}
            {...form.getInputProps('difficulty')}
          />
        </SimpleGrid>

        <Fieldset legend={t('moderation.edit.tasks')} radius="md">
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              {t('moderation.edit.listHint')}
            </Text>
            {tasks.map((row, index) => (
              <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap">
                <Stack gap={6} flex={1} miw={0}>
                  <Textarea
                    label={t('moderation.edit.task', { index: index + 1 })}
                    required={index === 0}
                    maxLength={QUEST_LIMITS.taskDescription}
                    autosize
                    minRows={1}
                    {...form.getInputProps(`tasks.${index}.description`)}
                  />
                  <TextInput
                    label={t('moderation.edit.taskHint', { index: index + 1 })}
                    size="xs"
                    maxLength={QUEST_LIMITS.hint}
                    {...form.getInputProps(`tasks.${index}.hint`)}
                  />
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  // At least one task row always stays (docs/product-rules/admin-screens.md#quest-moderation-screen).
                  disabled={tasks.length <= 1}
                  onClick={() => form.removeListItem('tasks', index)}
                  aria-label={t('moderation.edit.removeTask', { index: index + 1 })}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              disabled={tasks.length >= QUEST_LIMITS.tasks}
              onClick={() => form.insertListItem('tasks', taskRow())}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('moderation.edit.addTask')}
            </Button>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('moderation.edit.tips')} radius="md">
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              {t('moderation.edit.listHint')}
            </Text>
            {tips.map((row, index) => (
              <Group key={row.key} align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label={t('moderation.edit.tip', { index: index + 1 })}
                  maxLength={QUEST_LIMITS.tip}
                  flex={1}
                  miw={0}
                  {...form.getInputProps(`tips.${index}.text`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  // At least one tip row always stays (docs/product-rules/admin-screens.md#quest-moderation-screen).
                  disabled={tips.length <= 1}
                  onClick={() => form.removeListItem('tips', index)}
                  aria-label={t('moderation.edit.removeTip', { index: index + 1 })}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              disabled={tips.length >= QUEST_LIMITS.tips}
              onClick={() => form.insertListItem('tips', tipRow())}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('moderation.edit.addTip')}
            </Button>
          </Stack>
        </Fieldset>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label={t('moderation.edit.xp')}
            description={t(isValidXp(xp) ? 'moderation.edit.xpHint' : 'moderation.edit.xpFallback', {
              ...QUEST_BASE_XP,
            })}
            min={QUEST_BASE_XP.min}
            max={QUEST_BASE_XP.max}
            // Out-of-range values are kept as typed so the admin sees that they are saved as 10
            // (docs/product-rules/admin-screens.md#quest-moderation-screen).
            clampBehavior="none"
            {...form.getInputProps('xp')}
          />
          <Switch
            label={t('moderation.edit.featured')}
            description={t('moderation.edit.featuredHint')}
            mt={{ base: 0, xs: 'lg' }}
            {...form.getInputProps('featured', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <TagsInput
          label={t('moderation.edit.tags')}
          description={t('moderation.edit.tagsHint')}
          maxTags={QUEST_LIMITS.tags}
          maxLength={QUEST_LIMITS.tag}
          {...form.getInputProps('tags')}
        />

        {failure && unplaced && (
          <ErrorBanner
            title={t('moderation.error')}
            message={t('moderation.failed.update', { message: failure.message })}
            dismissLabel={t('moderation.dismiss')}
            onDismiss={update.reset}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('moderation.edit.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('moderation.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
