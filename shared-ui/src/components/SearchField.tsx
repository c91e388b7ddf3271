import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A labelled free-text search box with the search icon (a search key on phones' keyboards). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  maxLength?: number;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={maxLength}
      type="search"
    />
  );
}
