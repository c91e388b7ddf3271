import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A profile field with an edit mode: Save ('Saving...') and Cancel; a failed save reverts the value. */
export function EditableText({
  label,
  value,
  multiline,
  maxLength,
  placeholder,
  onSave,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
  onSave: (next: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const trimmed = draft.trim();
  const tooLong = maxLength !== undefined && draft.length > maxLength;

  async function save() {
    setSaving(true);
    try {
      await onSave(multiline ? draft : trimmed);
      setEditing(false);
    } catch {
      setDraft(value);
    } finally {
      setSaving(false);
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
            setDraft(value);
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
  return (
    <Stack gap="xs">
      <Field
        label={label}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        autosize={multiline ? true : undefined}
        minRows={multiline ? 3 : undefined}
        error={tooLong ? t('settings.bioTooLong') : undefined}
        description={maxLength !== undefined ? `${draft.length}/${maxLength}` : undefined}
      />
      <Group gap="xs">
        <Button size="xs" onClick={save} loading={false} disabled={saving || !trimmed || tooLong}>
          {saving ? t('settings.saving') : t('settings.save')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={saving}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
