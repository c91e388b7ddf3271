import { SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { QuestFormSection } from './quest-form-section.tsx';
import type { QuestFormValues } from './quest-form-values.ts';
import { PincodeInput, QuestTextArea, QuestTextInput } from './quest-text-box.tsx';

/** Where the quest is: address, city, pincode, and how accessible it is. */
export function QuestLocationSection({ form }: { form: UseFormReturnType<QuestFormValues> }) {
  const { t } = useTranslation('create');
  return (
    <QuestFormSection title={t('sections.location')}>
      <QuestTextInput
        form={form}
        field="address"
        placeholder={t('fields.addressPlaceholder')}
        autoComplete="street-address"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <QuestTextInput form={form} field="city" autoComplete="address-level2" />
        <PincodeInput form={form} />
      </SimpleGrid>
      <QuestTextArea
        form={form}
        field="accessibilityNotes"
        placeholder={t('fields.accessibilityPlaceholder')}
        rows={3}
      />
    </QuestFormSection>
  );
}
