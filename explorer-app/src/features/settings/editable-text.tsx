import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACES } from './settings-strings.ts';

/**
 * A profile field with an edit mode: Save ('Saving...') and Cancel. The server's objection to the value shows
 * under the field; any other failure reverts the value and goes to `onFailure`.
 */
export function EditableText({
  name,
  label,
  value,
  multiline,
  maxLength,
  tooLong,
  placeholder,
  onSave,
  onFailure,
}: {
  name: string;
  label: string;
  value: string;
  multiline?: boolean;
  maxLength: number;
  /** Shown under the field while it holds more than `maxLength` characters. */
  tooLong: string;
  placeholder?: string;
  onSave: (next: string) => Promise<unknown>;
  onFailure: (message: string) => void;
}) {
  const { t } = useTranslation(SETTINGS_NAMESPACES);
  const [editing, setEditing] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { [name]: value },
    validateInputOnChange: true,
    validate: { [name]: (draft: string) => (draft.length > maxLength ? tooLong : null) },
  });
  const draft = form.values[name] ?? '';
  const trimmed = draft.trim();

  async function save(values: Record<string, string>) {
    const next = values[name] ?? '';
    try {
      await onSave(multiline ? next : next.trim());
      setEditing(false);
    } catch (error) {
      const unplaced = placeErrors(form, error, t('settings.saveFailed'));
      if (unplaced !== null) {
        form.setValues({ [name]: value });
        onFailure(unplaced);
      }
    }
  }

  if (!editing) {
    return (
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{label}</Text>
          <Text c={value ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
            {value || placeholder}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            form.setValues({ [name]: value });
            form.clearErrors();
            setEditing(true);
          }}
          aria-label={t('settings.editField', { field: label })}
        >
          {t('settings.edit')}
        </Button>
      </Group>
    );
  }

  const Field = multiline ? Textarea : TextInput;
  const saving = form.submitting;
  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="xs">
        <Field
          label={label}
          autosize={multiline ? true : undefined}
          minRows={multiline ? 3 : undefined}
          description={`${draft.length}/${maxLength}`}
          {...form.getInputProps(name)}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" disabled={saving || !trimmed || draft.length > maxLength}>
            {saving ? t('settings.saving') : t('settings.save')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={saving}>
            {t('translation:common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
