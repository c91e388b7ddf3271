import { Group, Image, Input, Text } from '@mantine/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BADGE_IMAGE_MB, BADGE_IMAGE_TYPES } from './create-badge-form.ts';

type Props = { value: File | null; onChange: (file: File | null) => void; error?: ReactNode };

/**
 * The badge's image (the contract's `image`, a file the server re-encodes): a labelled native file input, which
 * keyboards and screen readers use as they do everywhere, with a round preview of the chosen picture.
 */
export function BadgeImageField({ value, onChange, error }: Props) {
  const { t } = useTranslation();
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
      label={t('badges.create.image')}
      description={t('badges.create.imageHint', { mb: BADGE_IMAGE_MB })}
      error={error}
      required
      id={id}
    >
      <Group gap="sm" mt={6} wrap="nowrap" align="center">
        {preview && (
          <Image
            src={preview}
            alt={t('badges.create.imagePreview')}
            w={64}
            h={64}
            radius="xl"
            fit="cover"
            style={{ flex: 'none' }}
          />
        )}
        <input
          id={id}
          type="file"
          accept={BADGE_IMAGE_TYPES.join(',')}
          required
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error ${id}-description` : `${id}-description`}
          style={{ minWidth: 0, maxWidth: '100%' }}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
      </Group>
      {value && (
        <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {value.name}
        </Text>
      )}
    </Input.Wrapper>
  );
}
