import { CATEGORIES, DIFFICULTIES, QUEST_LIMITS } from '@cityquest/contract';
import { QUEST_BASE_XP } from '@cityquest/contract/rules';
import { type QuestTextField, questTextBox } from '@cityquest/web-client/quest-form';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
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
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type EditValues,
  editErrors,
  editValuesOf,
  isValidXp,
  placeEditErrors,
  taskRow,
  tipRow,
  updateBodyOf,
} from './quest-edit-form.ts';
import { QuestModal, type QuestModalState } from './quest-modal.tsx';
import { type AdminQuest, useUpdateQuest } from './quests-api.ts';

/**
 * Each text field's box label: a text field the contract adds fails the typecheck here until the form names its
 * box (docs/dev/add-a-field.md).
 */
export const QUEST_TEXT_LABELS = {
  title: 'moderation.edit.questTitle',
  subtitle: 'moderation.edit.subtitle',
  description: 'moderation.edit.description',
  address: 'moderation.edit.address',
  city: 'moderation.edit.city',
  pincode: 'moderation.edit.pincode',
  proofInstructions: 'moderation.edit.proofInstructions',
  accessibilityNotes: 'moderation.edit.accessibilityNotes',
} as const satisfies Record<QuestTextField, ParseKeys>;

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
      placeEditErrors(failure.fieldErrors, form.values).unplaced.length > 0);
  // A text field's box: its label, and what the contract says of it (required or not, its most characters).
  const textBox = (field: QuestTextField) => ({
    label: t(QUEST_TEXT_LABELS[field]),
    ...questTextBox(field),
    ...form.getInputProps(field),
  });

  function onSubmit(values: EditValues) {
    update.mutate(
      { id: quest._id, body: updateBodyOf(values) },
      {
        onSuccess: onSaved,
        onError: (error) => form.setErrors(placeEditErrors(error.fieldErrors, values).onFields),
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput {...textBox('title')} data-autofocus />
        <TextInput {...textBox('subtitle')} />
        <Textarea {...textBox('description')} autosize minRows={3} maxRows={10} />
        <Fieldset legend={t('moderation.edit.place')} variant="unstyled" p={0}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput {...textBox('address')} />
            <TextInput {...textBox('city')} />
            <TextInput
              label={t('moderation.edit.state')}
              maxLength={QUEST_LIMITS.state}
              {...form.getInputProps('state')}
            />
            <TextInput {...textBox('pincode')} inputMode="numeric" />
          </SimpleGrid>
        </Fieldset>
        <TextInput
          label={t('moderation.edit.estimatedTime')}
          description={t('moderation.edit.estimatedTimeHint')}
          maxLength={QUEST_LIMITS.estimatedTime}
          {...form.getInputProps('estimatedTime')}
        />
        <Textarea {...textBox('proofInstructions')} autosize minRows={2} maxRows={6} />
        <Textarea {...textBox('accessibilityNotes')} autosize minRows={2} maxRows={6} />
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
