import { PROOF_LIMITS } from '@cityquest/contract';
import { IMAGE_ACCEPT, imageProblem } from '@cityquest/web-client/ui/image-file';
import { useObjectUrl } from '@cityquest/web-client/ui/use-object-url';
import { Button, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCamera, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './photo-picker.module.css';

/** The reason a file cannot be a proof photo (the server's picture types, at most the proof size), or null. */
function photoProblem(file: File) {
  const problem = imageProblem(file, PROOF_LIMITS.photoBytes);
  return problem && (`upload.photo.${problem}` as const);
}

/**
 * The proof photo: dropped on the zone, chosen with Browse, or taken with the device camera where the browser
 * offers one (`capture` opens it on phones; elsewhere it is a file chooser too). Shows a preview with Remove.
 */
export function PhotoPicker({
  photo,
  onChange,
  invalid,
  error,
}: {
  photo: File | null;
  onChange: (photo: File | null) => void;
  invalid: boolean;
  /** The server's word on the photo it refused. */
  error?: string;
}) {
  const { t } = useTranslation('play');
  const browse = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<ReturnType<typeof photoProblem>>(null);
  const preview = useObjectUrl(photo);
  const message = problem ? t(problem) : error;
  const labelId = useId();
  const problemId = useId();

  const pick = (file: File | undefined) => {
    if (!file) return;
    const reason = photoProblem(file);
    setProblem(reason);
    if (!reason) onChange(file);
  };
  const onInput = (event: React.ChangeEvent<HTMLInputElement>) => {
    pick(event.currentTarget.files?.[0]);
    // Choosing the same file again after Remove must fire change again.
    event.currentTarget.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap={6}>
      <Text component="span" fw={500} size="sm" id={labelId}>
        {t('upload.photo.label')}{' '}
        <Text span c="red" aria-hidden="true">
          *
        </Text>
      </Text>
      <Paper
        role="group"
        aria-labelledby={labelId}
        aria-describedby={message ? problemId : undefined}
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        className={classes.zone}
        data-dragging={dragging || undefined}
        data-invalid={invalid || problem ? true : undefined}
        onDragEnter={(event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event: DragEvent<HTMLDivElement>) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {photo && preview ? (
          <Stack gap="sm" align="center">
            <Image
              src={preview}
              alt={t('upload.photo.previewAlt', { name: photo.name })}
              radius="md"
              mah={320}
              fit="contain"
            />
            <Text size="sm" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
              {photo.name}
            </Text>
            <Button
              variant="light"
              color="red"
              size="md"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={() => onChange(null)}
            >
              {t('upload.photo.remove')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm" align="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconPhoto size={28} aria-hidden="true" />
            </ThemeIcon>
            <Text ta="center" fw={500}>
              {t('upload.photo.drop')}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              {t('upload.photo.hint')}
            </Text>
            <Group gap="sm" justify="center" w="100%">
              <Button
                size="md"
                variant="default"
                leftSection={<IconUpload size={18} aria-hidden="true" />}
                onClick={() => browse.current?.click()}
                w={{ base: '100%', xs: 'auto' }}
              >
                {t('upload.photo.browse')}
              </Button>
              <Button
                size="md"
                leftSection={<IconCamera size={18} aria-hidden="true" />}
                onClick={() => camera.current?.click()}
                w={{ base: '100%', xs: 'auto' }}
              >
                {t('upload.photo.takePhoto')}
              </Button>
            </Group>
          </Stack>
        )}
        <input
          ref={browse}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label={t('upload.photo.browseInput')}
          tabIndex={-1}
          hidden
          onChange={onInput}
        />
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={t('upload.photo.cameraInput')}
          tabIndex={-1}
          hidden
          onChange={onInput}
        />
      </Paper>
      {message && (
        <Text size="sm" c="red" id={problemId} role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
