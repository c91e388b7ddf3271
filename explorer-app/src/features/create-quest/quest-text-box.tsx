import { pincodeDigits, type QuestTextField, questTextBox } from '@cityquest/web-client/quest-form';
import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { QuestFormValues } from './quest-form-values.ts';

/**
 * The boxes of the quest's own text fields: each is labelled `fields.<field>` and takes what the contract says
 * of the field (required or not, its most characters), so only its place in the form is written by hand.
 */

type Form = UseFormReturnType<QuestFormValues>;
type BoxProps<P> = Omit<P, 'form' | 'label' | 'required' | 'maxLength'> & {
  form: Form;
  field: QuestTextField;
};

/** A one-line box; `counted` adds the 'n / max characters' counter, which alone renders again as one types. */
export function QuestTextInput({ counted, ...props }: BoxProps<TextInputProps> & { counted?: boolean }) {
  return counted ? <CountedTextInput {...props} /> : <PlainTextInput {...props} />;
}

function PlainTextInput({ form, field, ...props }: BoxProps<TextInputProps>) {
  const { t } = useTranslation('create');
  return (
    <TextInput
      key={form.key(field)}
      {...props}
      label={t(`fields.${field}`)}
      {...questTextBox(field)}
      {...form.getInputProps(field)}
    />
  );
}

function CountedTextInput({ form, field, ...props }: BoxProps<TextInputProps>) {
  const { t } = useTranslation('create');
  const value = form.useWatchValue(field);
  const box = questTextBox(field);
  return (
    <TextInput
      key={form.key(field)}
      {...props}
      label={t(`fields.${field}`)}
      {...box}
      description={t('fields.counter', { count: value.length, max: box.maxLength })}
      {...form.getInputProps(field)}
    />
  );
}

/** A box of several lines the creator can make taller. */
export function QuestTextArea({ form, field, ...props }: BoxProps<TextareaProps>) {
  const { t } = useTranslation('create');
  return (
    <Textarea
      key={form.key(field)}
      resize="vertical"
      {...props}
      label={t(`fields.${field}`)}
      {...questTextBox(field)}
      {...form.getInputProps(field)}
    />
  );
}

/**
 * The pincode box keeps digits only, up to 10 (docs/product-rules/quests.md#field-limits): controlled, so the
 * filtered value shows at once.
 */
export function PincodeInput({ form }: { form: Form }) {
  const { t } = useTranslation('create');
  const value = form.useWatchValue('pincode');
  return (
    <TextInput
      label={t('fields.pincode')}
      description={t('fields.pincodeHint')}
      {...questTextBox('pincode')}
      inputMode="numeric"
      autoComplete="postal-code"
      value={value}
      error={form.errors.pincode}
      onChange={(event) =>
        form.setFieldValue('pincode', pincodeDigits(event.currentTarget.value), { forceUpdate: false })
      }
    />
  );
}
