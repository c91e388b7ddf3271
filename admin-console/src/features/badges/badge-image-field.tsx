import { Button, Group, Image, Input, Text } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BADGE_IMAGE_MB, BADGE_IMAGE_TYPES } from './create-badge-form.ts';

type Props = {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  /** The catalogue's medal the badge gets without an upload, when one shows the chosen category and tier. */
  medalUrl?: string | null;
};

/**
 * The badge's image (the contract's `image`, a file the server re-encodes): a labelled native file input, which
 * keyboards and screen readers use as they do everywhere, with a round preview of the chosen picture, or of the
 * catalogue's medal the badge gets when none is chosen.
 */
export function BadgeImageField({ value, onChange, error, medalUrl }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
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
      id={id}
    >
      <Group gap="sm" mt={6} wrap="nowrap" align="center">
        {(preview ?? medalUrl) && (
          <Image
            src={preview ?? medalUrl}
            alt={preview ? t('badges.create.imagePreview') : t('badges.create.medalPreview')}
            w={64}
            h={64}
            radius="xl"
            fit="cover"
            style={{ flex: 'none' }}
          />
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept={BADGE_IMAGE_TYPES.join(',')}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error ${id}-description` : `${id}-description`}
          style={{ minWidth: 0, maxWidth: '100%' }}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
      </Group>
      {value && (
        <Group gap="xs" mt={4} wrap="wrap">
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {value.name}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
          >
            {t('badges.create.useMedal')}
          </Button>
        </Group>
      )}
    </Input.Wrapper>
  );
}
