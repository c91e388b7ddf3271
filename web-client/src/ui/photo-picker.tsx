import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconCamera, IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { type ChangeEvent, type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT, imageProblem } from './image-file.ts';
import classes from './photo-picker.module.css';
import { useObjectUrl, useObjectUrls } from './use-object-url.ts';

type ImageProblem = NonNullable<ReturnType<typeof imageProblem>>;

/** The picker's words, in the app's language. */
export type PhotoPickerLabels = {
  label: string;
  drop: string;
  hint: string;
  browse: string;
  browseInput: string;
  takePhoto: string;
  cameraInput: string;
  remove: (fileName: string) => string;
  /** `number` counts from 1 in the order the photos are kept. */
  previewAlt: (fileName: string, number: number) => string;
  problem: (problem: ImageProblem, fileName: string) => string;
};

/** The extra words of a picker that keeps several photos. */
export type PhotoListLabels = {
  none: string;
  /** The badge on the first photo (e.g. the cover). */
  first: string;
  tooMany: (max: number) => string;
};

type OnePhoto = { photo: File | null; onChange: (photo: File | null) => void };
type SeveralPhotos = {
  photos: File[];
  onChange: (photos: File[]) => void;
  maxPhotos: number;
  listLabels: PhotoListLabels;
};

export type PhotoPickerProps = {
  maxBytes: number;
  labels: PhotoPickerLabels;
  invalid: boolean;
  /** The form's or the server's word on the photos. */
  error?: ReactNode;
} & (OnePhoto | SeveralPhotos);

const NO_FILES: File[] = [];
const fileKeys = new WeakMap<File, string>();

/** A stable React key for a chosen file (two files may share name, size and date). */
function fileKey(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    key = randomId();
    fileKeys.set(file, key);
  }
  return key;
}

/**
 * The one photo field: dropped on the zone, chosen with Browse, or taken with the device camera where the browser
 * offers one (`capture` opens it on phones; elsewhere it is a file chooser too). With `photo` it keeps one and
 * shows it large with Remove; with `photos` it keeps up to `maxPhotos`, listed under the zone, each removable.
 * Whichever way it comes, a file passes the one picture rule (`imageProblem`: the server's types, at most
 * `maxBytes`).
 */
export function PhotoPicker(props: PhotoPickerProps) {
  const { maxBytes, labels, invalid, error } = props;
  const several = 'photos' in props;
  const single = several ? null : props.photo;
  const photos = several ? props.photos : single ? [single] : NO_FILES;
  const browse = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const preview = useObjectUrl(single);
  const urls = useObjectUrls(several ? props.photos : NO_FILES);
  const messages: ReactNode[] = problems.length ? problems : error ? [error] : [];
  const labelId = useId();
  const problemId = useId();

  const add = (files: File[]) => {
    if (!files.length) return;
    const found: string[] = [];
    const accepted: File[] = [];
    for (const file of several ? files : files.slice(0, 1)) {
      const problem = imageProblem(file, maxBytes);
      if (problem) found.push(labels.problem(problem, file.name));
      else accepted.push(file);
    }
    if ('photos' in props) {
      const room = props.maxPhotos - props.photos.length;
      if (accepted.length > room) found.push(props.listLabels.tooMany(props.maxPhotos));
      if (accepted.length && room > 0) props.onChange([...props.photos, ...accepted.slice(0, room)]);
    } else if (accepted[0]) {
      props.onChange(accepted[0]);
    }
    setProblems(found);
  };
  const remove = (index: number) => {
    if ('photos' in props) props.onChange(props.photos.filter((_, position) => position !== index));
    else props.onChange(null);
  };
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.currentTarget.files ?? []));
    // Choosing the same file again after Remove must fire change again.
    event.currentTarget.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap={6}>
      <Text component="span" fw={500} size="sm" id={labelId}>
        {labels.label}{' '}
        <Text span c="red" aria-hidden="true">
          *
        </Text>
      </Text>
      <Paper
        role="group"
        aria-labelledby={labelId}
        aria-describedby={messages.length ? problemId : undefined}
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        className={classes.zone}
        data-dragging={dragging || undefined}
        data-invalid={invalid || problems.length ? true : undefined}
        onDragEnter={(event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event: DragEvent<HTMLDivElement>) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {single && preview ? (
          <Stack gap="sm" align="center">
            <Image
              src={preview}
              alt={labels.previewAlt(single.name, 1)}
              radius="md"
              mah={320}
              fit="contain"
            />
            <Text size="sm" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
              {single.name}
            </Text>
            <Button
              variant="light"
              color="red"
              size="md"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={() => remove(0)}
            >
              {labels.remove(single.name)}
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm" align="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconPhoto size={28} aria-hidden="true" />
            </ThemeIcon>
            <Text ta="center" fw={500}>
              {labels.drop}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              {labels.hint}
            </Text>
            <Group gap="sm" justify="center" w="100%">
              <Button
                size="md"
                variant="default"
                leftSection={<IconUpload size={18} aria-hidden="true" />}
                onClick={() => browse.current?.click()}
                w={{ base: '100%', xs: 'auto' }}
              >
                {labels.browse}
              </Button>
              <Button
                size="md"
                leftSection={<IconCamera size={18} aria-hidden="true" />}
                onClick={() => camera.current?.click()}
                w={{ base: '100%', xs: 'auto' }}
              >
                {labels.takePhoto}
              </Button>
            </Group>
          </Stack>
        )}
        <input
          ref={browse}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple={several}
          aria-label={labels.browseInput}
          tabIndex={-1}
          hidden
          onChange={onInput}
        />
        {/* Some phones open their camera only for a generic image type; the file still passes imageProblem. */}
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={labels.cameraInput}
          tabIndex={-1}
          hidden
          onChange={onInput}
        />
      </Paper>
      {messages.length > 0 && (
        <Stack gap={2} id={problemId} role="alert">
          {messages.map((message, index) => (
            // Two refused files may share a name, so their messages may repeat.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on every pick.
            <Text key={index} size="sm" c="red">
              {message}
            </Text>
          ))}
        </Stack>
      )}
      {several &&
        (photos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {props.listLabels.none}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" component="ul" p={0} m={0}>
            {photos.map((photo, index) => (
              <Box component="li" key={fileKey(photo)} pos="relative" style={{ listStyle: 'none' }}>
                <Image
                  src={urls.get(photo)}
                  alt={labels.previewAlt(photo.name, index + 1)}
                  h={110}
                  fit="cover"
                  radius="md"
                />
                {index === 0 && (
                  <Badge pos="absolute" top={6} left={6} size="sm">
                    {props.listLabels.first}
                  </Badge>
                )}
                <ActionIcon
                  pos="absolute"
                  top={6}
                  right={6}
                  radius="xl"
                  color="red"
                  aria-label={labels.remove(photo.name)}
                  onClick={() => remove(index)}
                >
                  <IconX size={16} aria-hidden="true" />
                </ActionIcon>
              </Box>
            ))}
          </SimpleGrid>
        ))}
    </Stack>
  );
}
