import { Image, Input, Stack } from '@mantine/core';
import { useEffect, useId, useState } from 'react';

/** A labelled native file input (keyboard and screen-reader friendly) with an image preview. */
export function ImageFileField({
  label,
  value,
  onChange,
  error,
  description,
  previewHeight = 96,
}: {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: React.ReactNode;
  description?: string;
  previewHeight?: number;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: id }}
      error={error}
      description={description}
      required
    >
      <Stack gap="xs" mt={4}>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={Boolean(error)}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
        {preview && <Image src={preview} alt="" h={previewHeight} w="auto" fit="contain" radius="md" />}
      </Stack>
    </Input.Wrapper>
  );
}
