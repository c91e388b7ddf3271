import { QUEST_LIMITS } from '@cityquest/contract';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { QuestFormSection } from './quest-form-section.tsx';
import type { QuestFormValues } from './quest-form-values.ts';
import { QuestTextArea } from './quest-text-box.tsx';

/** What proof the quest asks for, the creator's xp suggestion and the tags. */
export function QuestProofSection({ form }: { form: UseFormReturnType<QuestFormValues> }) {
  const { t } = useTranslation('create');
  return (
    <QuestFormSection title={t('sections.proof')}>
      <QuestTextArea
        form={form}
        field="proofInstructions"
        placeholder={t('fields.proofPlaceholder')}
        rows={3}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('fields.xp')}
          description={t('fields.xpHint')}
          min={0}
          max={QUEST_LIMITS.xpSuggestion}
          allowNegative={false}
          allowDecimal={false}
          clampBehavior="strict"
          key={form.key('xp')}
          {...form.getInputProps('xp')}
        />
        <TextInput
          label={t('fields.tags')}
          description={t('fields.tagsHint')}
          key={form.key('tags')}
          {...form.getInputProps('tags')}
        />
      </SimpleGrid>
    </QuestFormSection>
  );
}
