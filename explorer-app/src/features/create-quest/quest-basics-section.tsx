import { CATEGORIES, DIFFICULTIES } from '@cityquest/contract';
import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { QuestFormSection } from './quest-form-section.tsx';
import type { QuestFormValues } from './quest-form-values.ts';
import { QuestTextArea, QuestTextInput } from './quest-text-box.tsx';

/** Title, subtitle, category, difficulty and description. */
export function QuestBasicsSection({ form }: { form: UseFormReturnType<QuestFormValues> }) {
  const { t } = useTranslation('create');
  return (
    <QuestFormSection title={t('sections.basics')}>
      <QuestTextInput form={form} field="title" counted placeholder={t('fields.titlePlaceholder')} />
      <QuestTextInput form={form} field="subtitle" counted placeholder={t('fields.subtitlePlaceholder')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label={t('fields.category')}
          required
          data={[
            { value: '', label: t('fields.categoryPlaceholder') },
            ...CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })),
          ]}
          key={form.key('category')}
          {...form.getInputProps('category')}
        />
        <NativeSelect
          label={t('fields.difficulty')}
          required
          data={[
            { value: '', label: t('fields.difficultyPlaceholder') },
            ...DIFFICULTIES.map((value) => ({ value, label: t(`difficulties.${value}`) })),
          ]}
          key={form.key('difficulty')}
          {...form.getInputProps('difficulty')}
        />
      </SimpleGrid>
      <QuestTextArea
        form={form}
        field="description"
        placeholder={t('fields.descriptionPlaceholder')}
        rows={5}
      />
    </QuestFormSection>
  );
}
