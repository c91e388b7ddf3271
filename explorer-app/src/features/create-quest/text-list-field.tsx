import { QUEST_LIMITS } from '@cityquest/contract';
import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type QuestFormValues, textItem } from './quest-form-values.ts';

/** How many boxes of how many characters each list takes (the quest forms' contract). */
const BOUNDS = {
  tasks: { items: QUEST_LIMITS.tasks, length: QUEST_LIMITS.taskDescription },
  tips: { items: QUEST_LIMITS.tips, length: QUEST_LIMITS.tip },
} as const;

/** The task boxes or the tip boxes: add one at the end, remove any while more than one is left. */
export function TextListField({
  form,
  field,
}: {
  form: UseFormReturnType<QuestFormValues>;
  field: 'tasks' | 'tips';
}) {
  const { t } = useTranslation('create');
  const items = form.getValues()[field];
  const bounds = BOUNDS[field];
  const error = form.errors[field];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(`${field}.hint`)}
      </Text>
      {items.map((item, index) => (
        <Group key={item.key} align="flex-start" gap="xs" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            label={t(`${field}.label`, { number: index + 1 })}
            placeholder={t(`${field}.placeholder`)}
            rows={2}
            resize="vertical"
            maxLength={bounds.length}
            key={form.key(`${field}.${index}.text`)}
            {...form.getInputProps(`${field}.${index}.text`)}
            onInput={() => form.clearFieldError(field)}
          />
          {items.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label={t(`${field}.remove`, { number: index + 1 })}
              onClick={() => form.removeListItem(field, index)}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          )}
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {items.length < bounds.items && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => {
              form.insertListItem(field, textItem());
              form.clearFieldError(field);
            }}
          >
            {t(`${field}.add`)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
