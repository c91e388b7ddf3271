import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { type ReactNode, useId, useRef } from 'react';

export type PhotoFieldProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** The input's `accept`, e.g. 'image/png,image/jpeg'. */
  accept: string;
  onChange: (file: File | null) => void;
  /** What the preview shows: the chosen file's object URL, or a picture the field stands for without one. */
  previewUrl: string | null;
  /** The preview's alternative text; '' when it only repeats the field. */
  previewAlt: string;
  /** `round`: a small round picture beside the input (a badge); `below`: the picture under it (a photo). */
  previewShape?: 'round' | 'below';
  previewHeight?: number;
  /** The chosen file's name, shown with the clear button when `clearLabel` is given. */
  fileName?: string | null;
  clearLabel?: string;
};

/**
 * A labelled native file input (keyboards and screen readers use it as they do everywhere) with a preview of
 * the picture. Presentational: the caller owns the file and its preview URL.
 */
export function PhotoField({
  label,
  description,
  error,
  required,
  accept,
  onChange,
  previewUrl,
  previewAlt,
  previewShape = 'below',
  previewHeight = 96,
  fileName,
  clearLabel,
}: PhotoFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const describedBy = [error ? `${id}-error` : null, description ? `${id}-description` : null]
    .filter(Boolean)
    .join(' ');
  const field = (
    <input
      ref={input}
      id={id}
      type="file"
      accept={accept}
      aria-invalid={Boolean(error)}
      aria-describedby={describedBy || undefined}
      style={{ minWidth: 0, maxWidth: '100%' }}
      onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
    />
  );
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} id={id}>
      {previewShape === 'round' ? (
        <Group gap="sm" mt={6} wrap="nowrap" align="center">
          {previewUrl && (
            <Image
              src={previewUrl}
              alt={previewAlt}
              w={64}
              h={64}
              radius="xl"
              fit="cover"
              style={{ flex: 'none' }}
            />
          )}
          {field}
        </Group>
      ) : (
        <Stack gap="xs" mt={4}>
          {field}
          {previewUrl && (
            <Image src={previewUrl} alt={previewAlt} h={previewHeight} w="auto" fit="contain" radius="md" />
          )}
        </Stack>
      )}
      {fileName && clearLabel && (
        <Group gap="xs" mt={4} wrap="wrap">
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {fileName}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
          >
            {clearLabel}
          </Button>
        </Group>
      )}
    </Input.Wrapper>
  );
}
